import type { User, UserManager } from 'oidc-client-ts';
import { explainFailure, type FailedService } from '../api/connection-failure.ts';
import type { ApiError } from '../api/errors.ts';
import type { OidcSettings } from '../config/config.ts';
import { currentLocale, t } from '../i18n/i18n.ts';
import { paths } from '../lib/paths.ts';
import { newNonce, refusedByProvider, userManagerSettings } from './oidc-settings.ts';
import { explainProviderFailure } from './provider-failure.ts';
import {
  clearProviderProfile,
  readProviderProfile,
  saveProviderProfile,
  type ProviderProfile,
} from './provider-profile.ts';
import { SessionStore, type Authenticator } from './session-store.ts';
import { revocationFailure, saveSignOutReport, type SignOutReport } from './sign-out-report.ts';
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
/**
 * A token the API refuses within this time of its sign-in or refresh will not be helped by
 * another one: the cloud refuses what the provider issues (another audience, say).
 */
const FRESH_TOKEN_MS = 60_000;

/** What the end-session request's `state` stands for; the library sends its id. */
const SIGNED_OUT_STATE = { signedOut: true } as const;

interface ReturnState {
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

/** A failed fetch (no answer, CORS, this page's policy), as opposed to the provider's refusal. */
const noAnswer = (error: unknown) => error instanceof TypeError;

/**
 * Authorization code + PKCE with refresh tokens (oidc-client-ts). Tokens are kept in IndexedDB
 * (token-store.ts) so that every tab shares one session; a refresh takes a Web Lock and re-reads
 * them first, so a second tab finds the token the first one just got instead of spending a
 * rotated refresh token (which the provider would treat as reuse and revoke). No hidden iframe is
 * ever used: without a refresh token the session simply ends and the person signs in again.
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
  /** When this tab got its current tokens (sign-in or refresh); 0 when another tab did. */
  private obtainedAt = 0;
  private signInProfile: ProviderProfile | null = null;

  /** `manager` stands in for oidc-client-ts's UserManager in tests. */
  constructor(settings: OidcSettings, origin: string, manager?: UserManager) {
    this.settings = settings;
    this.origin = origin;
    if (manager) this.manager = Promise.resolve(manager);
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

  /** The sign-in service, as a person reads about it when it cannot be reached. */
  private get service(): FailedService {
    return { service: 'signIn', clientId: this.settings.clientId };
  }

  /** A sign-in's failure, named for what it is (provider-failure.ts). */
  private named(error: unknown): Promise<unknown> {
    const { authority, clientId } = this.settings;
    return explainProviderFailure(error, { authority, clientId, origin: this.origin });
  }

  /** Why the provider gave no answer: down, CORS, or this page's policy (connection-failure.ts). */
  private async explain(error: unknown): Promise<unknown> {
    if (!noAnswer(error)) return error;
    const discovery = `${this.settings.authority}/.well-known/openid-configuration`;
    return explainFailure(discovery, discovery, this.service, this.origin);
  }

  /**
   * Whether the sign-in service answers its discovery document to this console now (a readable,
   * successful answer). The sign-in page asks this every few seconds after a failure, so that a
   * provider back from an outage is offered again without a reload (issue 34).
   */
  async providerAnswers(): Promise<boolean> {
    const discovery = `${this.settings.authority}/.well-known/openid-configuration`;
    try {
      const answer = await fetch(discovery, { cache: 'no-store', credentials: 'omit' });
      return answer.ok;
    } catch {
      return false;
    }
  }

  async signIn(returnTo: string): Promise<void> {
    const state: ReturnState = { returnTo };
    const manager = await this.userManager();
    try {
      // The provider's sign-in page in the console's language (OIDC Core's ui_locales; the
      // built-in provider follows it, others may, the browser's Accept-Language otherwise).
      await manager.signinRedirect({ state, nonce: newNonce(), ui_locales: currentLocale() });
    } catch (error) {
      throw await this.named(error);
    }
  }

  /** Finishes the redirect from the provider; answers where the person was going. */
  async completeSignIn(url: string): Promise<string> {
    const manager = await this.userManager();
    let user: User;
    try {
      user = await manager.signinRedirectCallback(url);
    } catch (error) {
      throw await this.named(error);
    }
    this.obtainedAt = Date.now();
    // Not every provider has a userinfo endpoint; the ID token's claims then suffice.
    const endpoint = await (async () => manager.metadataService.getUserInfoEndpoint())().catch(
      () => undefined,
    );
    const profile = await readProviderProfile(user.profile, user.access_token, endpoint);
    saveProviderProfile(profile);
    this.signInProfile = profile;
    this.store.set({ status: 'signed-in', username: usernameOf(user.profile) });
    return returnToOf(user);
  }

  /**
   * The profile read at this tab's last sign-in, once: the console sends it to the cloud right
   * after sign-in (PUT /v1/userinfo/profile) and never again.
   */
  takeSignInProfile(): ProviderProfile | null {
    const profile = this.signInProfile;
    this.signInProfile = null;
    return profile;
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
              const refreshed = await manager.signinSilent();
              this.obtainedAt = Date.now();
              return refreshed;
            } catch (error) {
              if (!refusedByProvider(error)) throw await this.explain(error);
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

  /**
   * `sent` is the Authorization header the cloud refused, `error` its answer. A token refused
   * before its expiry (revoked, keys rotated) earns one refresh. A token refused within a minute
   * of being issued will not be helped by another: the cloud refuses what this provider issues.
   * The session then ends with the cloud's reason, and no refresh or sign-in loops on it.
   */
  async handleUnauthorized(sent: string, error?: ApiError): Promise<boolean> {
    const refused = sent.replace(/^Bearer /, '');
    const manager = await this.userManager();
    const current = await manager.getUser();
    // Several requests refused at once: the first one's refresh serves them all.
    if (current !== null && current.access_token !== refused) return true;
    if (current === null) {
      this.expire();
      return false;
    }
    if (this.refreshing === null && Date.now() - this.obtainedAt < FRESH_TOKEN_MS) {
      await manager.removeUser();
      this.refuse(error?.message ?? t('auth.cloudRefused'));
      return false;
    }
    try {
      return (await this.refresh(refused)) !== null;
    } catch {
      // The provider is out of reach: keep the session; the network banner offers a retry.
      return false;
    }
  }

  private refuse(reason: string): void {
    this.store.set({ status: 'signed-out', expired: false, refusal: reason });
  }

  /**
   * Ends the session here and at the provider. What could not be ended is kept for the sign-in
   * page to say (sign-out-report.ts): a provider without a revocation endpoint leaves the refresh
   * token valid until it expires; one without an end-session endpoint keeps its own session.
   */
  async signOut(): Promise<void> {
    const manager = await this.userManager();
    const user = await manager.getUser();
    const metadata = await manager.metadataService.getMetadata().catch(() => null);
    const report: SignOutReport = {
      refreshToken: 'none',
      providerSession: 'ended',
      accessTokenExpiresAt: user?.expires_at ?? null,
    };
    if (user?.refresh_token) {
      if (metadata !== null && !metadata.revocation_endpoint) {
        report.refreshToken = 'not-revocable';
      } else {
        // The refresh token dies at once, even if the provider's sign-out page never loads.
        report.refreshToken = await manager
          .revokeTokens(['refresh_token'])
          .then(() => 'revoked' as const, revocationFailure);
      }
    }
    if (metadata !== null && !metadata.end_session_endpoint) {
      report.providerSession = 'no-sign-out';
    }
    saveSignOutReport(report);
    clearProviderProfile();
    if (report.providerSession === 'ended') {
      try {
        // Ends the session at the provider too, which then sends the browser back to the console.
        // The page stays as it is meanwhile: no sign-in page flashes before the provider's.
        // The `audience` of sign-in has no business on the sign-out address. `state` goes with
        // post_logout_redirect_uri: some providers send the browser back only when it is there
        // (issue 34); the library keeps it and drops it as stale later.
        await manager.signoutRedirect({
          id_token_hint: user?.id_token,
          extraQueryParams: {},
          state: SIGNED_OUT_STATE,
        });
      } catch {
        report.providerSession = 'unreachable';
        saveSignOutReport(report);
      }
    }
    // Here only when the provider cannot end its session, or the person came Back to this page.
    await manager.removeUser().catch(() => undefined);
    clearProviderProfile();
    this.store.set({ status: 'signed-out', expired: false });
  }
}
