import type { User, UserManager } from 'oidc-client-ts';
import { ApiError } from '../api/errors.ts';
import type { OidcSettings } from '../config/config.ts';
import { paths } from '../lib/paths.ts';
import { refusedByProvider, userManagerSettings } from './oidc-settings.ts';
import { SessionStore, type Authenticator } from './session-store.ts';
import {
  indexedDbBackend,
  readHint,
  SESSION_HINT_KEY,
  TokenStore,
  usernameOf,
  webStorageBackend,
} from './token-store.ts';
import { withTabLock } from './web-lock.ts';

/** Refresh a little before expiry so a request never leaves with a token about to lapse. */
const EXPIRY_MARGIN_S = 30;
const REFRESH_LOCK = 'telemetry-console:token-refresh';
/** A token the API refuses right after a refresh will not be helped by another one. */
const FORCED_REFRESH_PAUSE_MS = 60_000;

export interface ReturnState {
  returnTo: string;
}

function returnToOf(user: User): string {
  const state = user.state as Partial<ReturnState> | undefined;
  const home = paths.home.href();
  const target = typeof state?.returnTo === 'string' ? state.returnTo : home;
  return target.startsWith('/') && !target.startsWith('//') ? target : home;
}

function usable(user: User | null): user is User {
  return user !== null && (user.expires_in ?? 0) > EXPIRY_MARGIN_S;
}

const unreachable = () =>
  new ApiError(0, 'NETWORK', 'The sign-in service cannot be reached. Check your connection.');

/**
 * Authorization code + PKCE with refresh tokens (oidc-client-ts). Tokens are kept in IndexedDB
 * (token-store.ts) so that every tab shares one session; a refresh takes a Web Lock and re-reads
 * them first, so a second tab finds the token the first one just got instead of spending a
 * rotated refresh token (which the provider would treat as reuse and revoke). No hidden iframe is ever used: without a
 * refresh token the session simply ends and the person signs in again.
 *
 * The library is loaded on first use, not with the first page.
 */
export class OidcAuthenticator implements Authenticator {
  readonly mode = 'oidc';
  readonly store = new SessionStore();
  private readonly settings: OidcSettings;
  private readonly origin: string;
  private manager: Promise<UserManager> | null = null;
  private refreshing: Promise<User | null> | null = null;
  private forcedAt = 0;

  constructor(settings: OidcSettings, origin: string) {
    this.settings = settings;
    this.origin = origin;
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key === SESSION_HINT_KEY) this.syncFromStorage();
    });
  }

  private userManager(): Promise<UserManager> {
    this.manager ??= import('oidc-client-ts').then(({ UserManager, WebStorageStateStore }) => {
      // The key UserManager keeps the user under.
      const userKey = `user:${this.settings.authority}:${this.settings.clientId}`;
      const backend =
        typeof indexedDB === 'undefined'
          ? webStorageBackend(window.localStorage)
          : indexedDbBackend();
      return new UserManager(
        userManagerSettings(this.settings, this.origin, {
          userStore: new TokenStore(backend, userKey),
          // Sign-in states (PKCE verifiers) serve one redirect in one tab.
          stateStore: new WebStorageStateStore({ store: window.localStorage }),
        }),
      );
    });
    return this.manager;
  }

  /** Decides from storage alone, so the first page needs no OIDC code to know who is there. */
  async restore(): Promise<void> {
    const stored = this.peek();
    if (
      stored !== null &&
      (stored.refresh || stored.expiresAt > Date.now() / 1000 + EXPIRY_MARGIN_S)
    ) {
      this.store.set({ status: 'signed-in', username: stored.username });
    } else {
      this.store.set({ status: 'signed-out', expired: stored !== null });
    }
  }

  private peek() {
    return readHint();
  }

  /** Another tab signed in, refreshed, signed out or found the session ended. */
  private syncFromStorage(): void {
    const stored = this.peek();
    const state = this.store.get();
    if (stored === null && state.status === 'signed-in') {
      this.store.set({ status: 'signed-out', expired: false });
    } else if (stored !== null && state.status !== 'signed-in') {
      this.store.set({ status: 'signed-in', username: stored.username });
    }
  }

  async signIn(returnTo: string): Promise<void> {
    const state: ReturnState = { returnTo };
    const manager = await this.userManager();
    await manager.signinRedirect({ state });
  }

  /** Finishes the redirect from the provider; answers where the person was going. */
  async completeSignIn(url: string): Promise<string> {
    const manager = await this.userManager();
    const user = await manager.signinRedirectCallback(url);
    this.store.set({ status: 'signed-in', username: usernameOf(user.profile) });
    return returnToOf(user);
  }

  async authorization(): Promise<string | null> {
    if (this.store.get().status !== 'signed-in') return null;
    const manager = await this.userManager();
    const stored = await manager.getUser();
    const user = usable(stored) ? stored : await this.refresh();
    return user === null ? null : `Bearer ${user.access_token}`;
  }

  /**
   * One refresh per tab at a time, and one across tabs (Web Lock). `refused` is the access token
   * the API just refused: any other one in storage is newer, so it is used instead.
   * Throws ApiError NETWORK when the provider cannot be reached: the session is kept for a retry.
   */
  private refresh(refused?: string): Promise<User | null> {
    this.refreshing ??= this.userManager()
      .then((manager) =>
        withTabLock(REFRESH_LOCK, async () => {
          // Another tab may have refreshed while this one waited for the lock.
          const current = await manager.getUser();
          if (current === null) return null;
          const fresh = refused === undefined ? usable(current) : current.access_token !== refused;
          if (fresh) return current;
          if (current.refresh_token) {
            try {
              return await manager.signinSilent();
            } catch (error) {
              if (!refusedByProvider(error)) throw unreachable();
            }
          }
          // Revoked, reused, or past the family's lifetime: the session is over in every tab.
          await manager.removeUser();
          return null;
        }),
      )
      .then((user) => {
        if (user === null) this.expire();
        return user;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private expire(): void {
    if (this.store.get().status === 'signed-in') {
      this.store.set({ status: 'signed-out', expired: true });
    }
  }

  /** `sent` is the Authorization header the cloud refused. */
  async handleUnauthorized(sent: string): Promise<boolean> {
    const refused = sent.replace(/^Bearer /, '');
    const manager = await this.userManager();
    const current = await manager.getUser();
    // Several requests refused at once: the first one's refresh serves them all.
    if (current !== null && current.access_token !== refused) return true;
    // A token refused before its expiry (revoked, keys rotated) earns one refresh; a fresh one
    // refused again will not be helped by more, so the session ends instead of looping.
    if (
      current === null ||
      (this.refreshing === null && Date.now() - this.forcedAt < FORCED_REFRESH_PAUSE_MS)
    ) {
      await manager.removeUser();
      this.expire();
      return false;
    }
    this.forcedAt = Date.now();
    try {
      return (await this.refresh(refused)) !== null;
    } catch {
      // The provider is out of reach: keep the session; the network banner offers a retry.
      return false;
    }
  }

  async signOut(): Promise<void> {
    const manager = await this.userManager();
    const user = await manager.getUser();
    // The refresh token dies at once, even if the provider's sign-out page never loads.
    await manager.revokeTokens(['refresh_token']).catch(() => undefined);
    try {
      // Ends the session at the provider too, which then sends the browser back to the console.
      // The page stays as it is meanwhile: no sign-in page flashes before the provider's.
      // The `audience` of sign-in has no business on the sign-out address.
      await manager.signoutRedirect({ id_token_hint: user?.id_token, extraQueryParams: {} });
    } catch {
      // The provider cannot be reached: this browser forgets the session all the same.
      await manager.removeUser().catch(() => undefined);
    }
    // Here only when the redirect failed, or the person came Back to this page.
    this.store.set({ status: 'signed-out', expired: false });
  }
}
