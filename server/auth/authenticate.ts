import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors.ts';
import type { Grant, User, UserStore } from '../store/users.ts';
import { Caller } from './caller.ts';
import type { RolesNote } from './external-accounts.ts';

/** Whom credentials stand for, and until when (a bearer token's `exp`; Basic: no end). */
export interface Authenticated {
  user: User;
  /** The user's grants, when the scheme found them with the user; otherwise they are read next. */
  grants?: readonly Grant[];
  /** Epoch ms after which the credentials are no longer good. */
  expiresAt?: number;
  /** An outside provider's token: what its roles claim held (GET /v1/userinfo says it). */
  roles?: RolesNote;
}

/** One scheme of the Authorization header. Basic is built in; bearer tokens plug in the same way. */
export interface Authenticator {
  /** As in the header, e.g. "Basic" or "Bearer". */
  readonly scheme: string;
  /** The WWW-Authenticate challenge a 401 offers for this scheme. */
  readonly challenge: string;
  /**
   * The user these credentials stand for. Throws AuthFailure when they stand for none (answered
   * 401 with every scheme's challenge), or an ApiError for anything else (429).
   */
  authenticate(credentials: string, request: FastifyRequest): Promise<Authenticated>;
}

export class AuthFailure extends Error {
  /** Replaces the scheme's own challenge in the 401, e.g. with RFC 6750's error="invalid_token". */
  readonly challenge: string | undefined;

  constructor(message: string, challenge?: string) {
    super(message);
    this.challenge = challenge;
  }
}

type AuthMode = 'user' | 'gateway' | 'none';

/**
 * What a long-lived answer (a live stream) needs of the request's credentials: when they end, and
 * a way to check them again as if the request were made now (a deleted user, a changed password,
 * changed permissions).
 */
interface RequestCredentials {
  expiresAt: number | undefined;
  again(): Promise<Caller>;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    credentials: RequestCredentials | null;
    /** What the roles claim of an outside provider's token held; null otherwise. */
    rolesNote: RolesNote | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route: a signed-in user (the default), a gateway, or anyone. */
    auth?: AuthMode;
  }
}

/** A 401 whose challenge lists the schemes the cloud accepts. */
export function unauthorized(
  message: string,
  challenges: readonly string[],
  request?: FastifyRequest,
) {
  // Pages of the console ask with X-Requested-With; a Basic challenge would make the browser open
  // its own password dialog over the console, so those requests are only offered the others.
  const fromScript = request?.headers['x-requested-with'] !== undefined;
  const offered = fromScript ? challenges.filter((c) => !c.startsWith('Basic')) : challenges;
  const header = (offered.length > 0 ? offered : challenges).join(', ');
  return new ApiError('UNAUTHORIZED', message, { 'www-authenticate': header });
}

export function callerOf(request: FastifyRequest): Caller {
  if (request.caller === null) throw new Error('route without a signed-in caller asked for one');
  return request.caller;
}

export function installAuthentication(
  app: FastifyInstance,
  users: UserStore,
  authenticators: readonly Authenticator[],
  authenticateGateway: (request: FastifyRequest) => Promise<void>,
): void {
  const challenges = authenticators.map((a) => a.challenge);
  app.decorateRequest('caller', null);
  app.decorateRequest('credentials', null);
  app.decorateRequest('rolesNote', null);
  app.addHook('onRequest', async (request) => {
    // API routes need a signed-in user unless they say otherwise; the console's files need nobody.
    const isApi = request.routeOptions.url?.startsWith('/v1/') ?? false;
    const mode = request.routeOptions.config.auth ?? (isApi ? 'user' : 'none');
    if (mode === 'none') return;
    if (mode === 'gateway') return authenticateGateway(request);
    const header = request.headers.authorization;
    if (!header) {
      throw unauthorized('Sign in: send Basic credentials or a bearer token.', challenges, request);
    }
    const space = header.indexOf(' ');
    const scheme = space > 0 ? header.slice(0, space) : header;
    const authenticator = authenticators.find(
      (a) => a.scheme.toLowerCase() === scheme.toLowerCase(),
    );
    if (!authenticator) {
      throw unauthorized(`The ${scheme} scheme is not accepted here.`, challenges, request);
    }
    const credentials = header.slice(space + 1).trim();
    const check = async () => {
      const { user, grants, expiresAt, roles } = await authenticator.authenticate(
        credentials,
        request,
      );
      return {
        caller: new Caller(user, grants ?? (await users.grantsOf(user.id))),
        expiresAt,
        roles,
      };
    };
    try {
      const { caller, expiresAt, roles } = await check();
      request.caller = caller;
      request.rolesNote = roles ?? null;
      request.credentials = { expiresAt, again: async () => (await check()).caller };
    } catch (error) {
      if (!(error instanceof AuthFailure)) throw error;
      const { challenge } = error;
      const offered = challenge
        ? challenges.map((c) => (c === authenticator.challenge ? challenge : c))
        : challenges;
      throw unauthorized(error.message, offered, request);
    }
  });
}
