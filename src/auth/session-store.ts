/** What the rest of the console knows about the person's session. */
export type SessionState =
  | { status: 'restoring' }
  | { status: 'signed-out'; expired: boolean }
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
   * The cloud refused `sent` (the Authorization header of the request): refresh once if possible,
   * else the session has expired. Answers whether asking again may succeed.
   */
  handleUnauthorized(sent: string): Promise<boolean>;
  signOut(): Promise<void>;
}
