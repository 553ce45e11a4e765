import type { ApiError } from '../api/errors.ts';

/** What the rest of the console knows about the person's session. */
export type SessionState =
  | { status: 'restoring' }
  /**
   * `expired`: the session ran out (sign in again). `refusal`: the cloud refused the tokens the
   * provider just issued, in its own words; signing in again will not help until that is fixed.
   */
  | { status: 'signed-out'; expired: boolean; refusal?: string }
  | { status: 'signed-in'; username: string };

type Listener = () => void;

/** A tiny external store so React reads the session with useSyncExternalStore. */
export class SessionStore {
  private state: SessionState = { status: 'restoring' };
  private readonly listeners = new Set<Listener>();

  get = (): SessionState => this.state;

  set(next: SessionState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** The two ways of signing in share this shape; the app never asks which one it has. */
export interface Authenticator {
  readonly mode: 'basic' | 'oidc';
  readonly store: SessionStore;
  /** At start: picks up a session that is still valid (OIDC keeps one across reloads). */
  restore(): Promise<void>;
  /** The Authorization header for the next request, refreshing first when needed. */
  authorization(): Promise<string | null>;
  /**
   * The cloud refused `sent` (the Authorization header of the request) with `error`: refresh once
   * if possible, else the session has ended. Answers whether asking again may succeed.
   */
  handleUnauthorized(sent: string, error?: ApiError): Promise<boolean>;
  signOut(): Promise<void>;
}
