import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors.ts';
import type { User, UserStore } from '../store/users.ts';
import { verifyQueued } from './password-queue.ts';
import { AuthFailure, type Authenticated, type Authenticator } from './authenticate.ts';
import type { FailureThrottle } from './throttle.ts';
import { PasswordSignIn } from './password-sign-in.ts';

/** Splits `base64(user:password)`; undefined when it is not that. */
export function decodeBasic(
  credentials: string,
): { username: string; password: string } | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credentials)) return undefined;
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 1_000;

/**
 * HTTP Basic with the users' own passwords. A scrypt check costs tens of milliseconds by design,
 * so a verified pair is remembered for a few minutes, keyed by a digest (never the password
 * itself) and tied to the stored hash, so a changed password is asked for again at once.
 */
export class BasicAuthenticator implements Authenticator {
  readonly scheme = 'Basic';
  readonly challenge = 'Basic realm="telemetry", charset="UTF-8"';
  private readonly verified = new Map<string, { hash: string; until: number }>();
  private readonly checking = new Map<string, Promise<boolean>>();
  private readonly signIn: PasswordSignIn;
  private readonly now: () => number;

  constructor(users: UserStore, throttle: FailureThrottle, now: () => number = Date.now) {
    this.signIn = new PasswordSignIn(users, throttle, (password, user) =>
      this.passwordMatches(password, user),
    );
    this.now = now;
  }

  async authenticate(credentials: string, request: FastifyRequest): Promise<Authenticated> {
    const pair = decodeBasic(credentials);
    if (!pair) throw new AuthFailure('The Basic credentials are malformed.');
    const result = await this.signIn.attempt(pair.username, pair.password, request.ip);
    if (result.outcome === 'signed-in') return { user: result.user };
    if (result.outcome === 'throttled') {
      throw new ApiError('TOO_MANY_REQUESTS', result.message, {
        'retry-after': String(result.retryAfter),
      });
    }
    throw new AuthFailure('Wrong username or password.');
  }

  private async passwordMatches(password: string, user: User): Promise<boolean> {
    const hash = user.passwordHash ?? '';
    const key = createHash('sha256').update(`${user.id}\0${password}`).digest('base64url');
    const cached = this.verified.get(key);
    if (cached && cached.hash === hash && cached.until > this.now()) return true;
    // A client opening many connections at once with the same pair (a console's first page, a
    // script's streams) waits for one scrypt, not one each: it would fill the password queue.
    const pending = `${key}\0${hash}`;
    let check = this.checking.get(pending);
    if (!check) {
      check = verifyQueued(password, hash).finally(() => this.checking.delete(pending));
      this.checking.set(pending, check);
    }
    if (!(await check)) return false;
    if (this.verified.size >= CACHE_MAX) this.verified.clear();
    this.verified.set(key, { hash, until: this.now() + CACHE_TTL_MS });
    return true;
  }
}
