import { ApiError } from '../api/errors.ts';
import { fetchUserinfo } from '../api/userinfo.ts';
import { t } from '../i18n/i18n.ts';
import { SessionStore, type Authenticator } from './session-store.ts';

function basicHeader(username: string, password: string): string {
  // btoa takes Latin-1 only; encode UTF-8 first so any password works.
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** Basic credentials live in this object only: never in storage, gone when the tab reloads. */
export class BasicAuthenticator implements Authenticator {
  readonly mode = 'basic';
  readonly store = new SessionStore();
  private header: string | null = null;

  async restore(): Promise<void> {
    this.store.set({ status: 'signed-out', expired: false });
  }

  /** Checks the pair against the cloud before keeping it. Throws ApiError with the cloud's words. */
  async signIn(username: string, password: string): Promise<void> {
    const header = basicHeader(username, password);
    try {
      const profile = await fetchUserinfo(undefined, header);
      this.header = header;
      this.store.set({ status: 'signed-in', username: profile.username });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        throw new ApiError(401, 'UNAUTHORIZED', t('auth.wrongPassword'));
      }
      throw error;
    }
  }

  async authorization(): Promise<string | null> {
    return this.header;
  }

  async handleUnauthorized(): Promise<boolean> {
    if (this.header !== null) {
      this.header = null;
      this.store.set({ status: 'signed-out', expired: true });
    }
    return false;
  }

  async signOut(): Promise<void> {
    this.header = null;
    this.store.set({ status: 'signed-out', expired: false });
  }
}
