import type { StateStore } from 'oidc-client-ts';

/** What any tab may know about the session without reading a token: for the first paint. */
export interface SessionHint {
  username: string;
  /** Whether a refresh token is held: the session outlives its access token. */
  refresh: boolean;
  /** When the access token expires, epoch seconds. */
  expiresAt: number;
}

/** Where the values live: IndexedDB in browsers, anything with the same shape in tests. */
export interface KeyValueBackend {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

export const SESSION_HINT_KEY = 'telemetry-console:session';

/**
 * The oidc-client-ts user record (tokens) in a store that every tab reads consistently, plus a
 * hint of it in localStorage. Why both: localStorage is synchronous (the first page knows who is
 * signed in without loading the OIDC library) and fires `storage` events in other tabs, but
 * Chromium propagates its writes to other renderer processes asynchronously. A tab that takes the
 * refresh lock right after another tab released it could read the old tokens there and spend a
 * refresh token that was already rotated, which ends the session. IndexedDB commits are visible
 * to every tab at once, so the tokens are read from there.
 */
export class TokenStore implements StateStore {
  private readonly backend: KeyValueBackend;
  private readonly userKey: string;

  /** `userKey` is the key oidc-client-ts keeps the user under: `user:<authority>:<client>`. */
  constructor(backend: KeyValueBackend, userKey: string) {
    this.backend = backend;
    this.userKey = userKey;
  }

  async set(key: string, value: string): Promise<void> {
    await this.backend.set(key, value);
    if (key === this.userKey) writeHint(value);
  }

  get(key: string): Promise<string | null> {
    return this.backend.get(key);
  }

  async remove(key: string): Promise<string | null> {
    const value = await this.backend.get(key);
    await this.backend.delete(key);
    if (key === this.userKey) window.localStorage.removeItem(SESSION_HINT_KEY);
    return value;
  }

  getAllKeys(): Promise<string[]> {
    return this.backend.keys();
  }
}

/** The name a person signs in with, from the ID token's claims. */
export function usernameOf(profile: Record<string, unknown>): string {
  for (const claim of ['preferred_username', 'nickname', 'name', 'sub']) {
    const value = profile[claim];
    if (typeof value === 'string' && value !== '') return value;
  }
  return '';
}

function writeHint(userJson: string): void {
  try {
    const user = JSON.parse(userJson) as {
      profile?: Record<string, unknown>;
      refresh_token?: unknown;
      expires_at?: unknown;
    };
    const hint: SessionHint = {
      username: usernameOf(user.profile ?? {}),
      refresh: typeof user.refresh_token === 'string',
      expiresAt: typeof user.expires_at === 'number' ? user.expires_at : 0,
    };
    window.localStorage.setItem(SESSION_HINT_KEY, JSON.stringify(hint));
  } catch {
    // Storage full or disabled: the tokens are stored; only the first paint's hint is missing.
  }
}

export function readHint(): SessionHint | null {
  try {
    const text = window.localStorage.getItem(SESSION_HINT_KEY);
    if (text === null) return null;
    const hint = JSON.parse(text) as Partial<SessionHint>;
    if (typeof hint.username !== 'string' || typeof hint.expiresAt !== 'number') return null;
    return { username: hint.username, refresh: hint.refresh === true, expiresAt: hint.expiresAt };
  } catch {
    return null;
  }
}

/** Where IndexedDB is missing (rare): localStorage, with the cross-tab caveat above. */
export function webStorageBackend(
  storage: Storage,
  prefix = 'telemetry-console:oidc:',
): KeyValueBackend {
  return {
    get: async (key) => storage.getItem(prefix + key),
    set: async (key, value) => storage.setItem(prefix + key, value),
    delete: async (key) => storage.removeItem(prefix + key),
    keys: async () =>
      Object.keys(storage)
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(prefix.length)),
  };
}

const DATABASE = 'telemetry-console';
const STORE = 'oidc';

/** One object store of string values; each call is its own transaction, done when committed. */
export function indexedDbBackend(factory: IDBFactory = indexedDB): KeyValueBackend {
  const database = new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB cannot be opened'));
  });
  const run = async <T>(
    mode: IDBTransactionMode,
    work: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    const transaction = (await database).transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    return new Promise<T>((resolve, reject) => {
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
    });
  };
  return {
    async get(key) {
      const value = await run('readonly', (store) => store.get(key));
      return typeof value === 'string' ? value : null;
    },
    async set(key, value) {
      await run('readwrite', (store) => store.put(value, key));
    },
    async delete(key) {
      await run('readwrite', (store) => store.delete(key));
    },
    async keys() {
      const keys = await run('readonly', (store) => store.getAllKeys());
      return keys.filter((key): key is string => typeof key === 'string');
    },
  };
}
