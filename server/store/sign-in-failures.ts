/**
 * Failed sign-ins per key (a username), in the database so that every instance counts the same
 * failures: a guesser gains nothing by being balanced across instances.
 */
export interface SignInFailureStore {
  /** When `key` failed after `since`, oldest first (epoch ms). */
  recent(key: string, since: number): Promise<number[]>;
  add(key: string, at: number): Promise<void>;
  clear(key: string): Promise<void>;
  /** Forgets failures from before `before`. */
  prune(before: number): Promise<void>;
}
