import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { checkBinding, type TokenBinding } from './token-binding.ts';
import { normalType, notAnAccessToken } from './token-kind.ts';
import { KeysUnavailable, TokenRejected } from './token-verifier-errors.ts';

export { KeysUnavailable, TokenRejected };

export interface VerifierOptions {
  issuer: string;
  /** The audiences and clients an access token must be for (token-binding.ts). */
  binding: TokenBinding;
  keys: JWTVerifyGetKey;
  /** Asymmetric algorithms only: `none` and shared-secret ones are never accepted. */
  algorithms: string[];
  /** Accepted `typ` header values, e.g. "at+jwt" (RFC 9068). */
  tokenTypes: string[];
  clockToleranceSeconds: number;
}

export type VerifiedClaims = JWTPayload & { sub: string; iat: number };

/** What checks a bearer token: the built-in provider's verifier, or an outside provider's. */
export interface BearerVerifier {
  verify(token: string): Promise<VerifiedClaims>;
  /** How long after its `exp` a token is still taken (clocks differ a little). */
  readonly clockToleranceSeconds: number;
}

const JWT_SHAPE = /^[\w-]+\.[\w-]*\.[\w-]*$/;

/** Whether a bearer token has the shape of a signed JWT (three base64url parts). */
export const looksLikeJwt = (token: string) => JWT_SHAPE.test(token);

/**
 * Checks a JWT access token: signature, algorithm, issuer and lifetime first (jose), then that it
 * is an access token and not an ID token (token-kind.ts), then its audience and client
 * (token-binding.ts), so that an ID token that names the API too is refused for what it is.
 */
export class TokenVerifier implements BearerVerifier {
  private readonly options: VerifierOptions;
  private readonly types: Set<string>;

  constructor(options: VerifierOptions) {
    this.options = options;
    this.types = new Set(options.tokenTypes.map(normalType));
  }

  get issuer(): string {
    return this.options.issuer;
  }

  get clockToleranceSeconds(): number {
    return this.options.clockToleranceSeconds;
  }

  async verify(token: string): Promise<VerifiedClaims> {
    if (!looksLikeJwt(token)) throw new TokenRejected('The bearer token is not a JSON Web Token.');
    const { issuer, binding, keys, algorithms, clockToleranceSeconds } = this.options;
    let verified;
    try {
      verified = await jwtVerify(token, keys, {
        issuer,
        algorithms,
        clockTolerance: clockToleranceSeconds,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
    } catch (error) {
      throw explain(error);
    }
    const { protectedHeader: header, payload } = verified;
    const typ = header.typ;
    if (typ === undefined || !this.types.has(normalType(typ))) {
      throw new TokenRejected(
        `The token is not an access token (its type is ${typ ?? 'missing'}, not ${this.options.tokenTypes.join(' or ')}).`,
      );
    }
    const kind = notAnAccessToken(header, payload);
    if (kind !== undefined) throw new TokenRejected(kind);
    checkBinding(payload, binding);
    return payload as VerifiedClaims;
  }
}

function explain(error: unknown): Error {
  if (error instanceof errors.JWTExpired) return new TokenRejected('The token has expired.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case 'iss':
        return new TokenRejected(
          'The token comes from an identity provider this cloud does not trust.',
        );
      case 'nbf':
      case 'iat':
        return new TokenRejected('The token is not valid yet.');
      default:
        return new TokenRejected(`The token lacks a valid "${error.claim}" claim.`);
    }
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return new TokenRejected('The token is signed with an algorithm that is not accepted.');
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return new TokenRejected('The token signature is invalid.');
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return new TokenRejected('The token is signed with a key this cloud does not know.');
  }
  // A timeout, an unusable key set, or fetch() failing to reach the JWKS URI at all.
  if (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    error instanceof TypeError
  ) {
    return new KeysUnavailable('The keys of the identity provider cannot be fetched now.');
  }
  return new TokenRejected('The token is malformed.');
}
