import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

export interface VerifierOptions {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
  /** Asymmetric algorithms only: `none` and shared-secret ones are never accepted. */
  algorithms: string[];
  /** Accepted `typ` header values, e.g. "at+jwt" (RFC 9068). */
  tokenTypes: string[];
  clockToleranceSeconds: number;
}

export type VerifiedClaims = JWTPayload & { sub: string; iat: number };

/** A token the API does not take; the message says why, for the person reading the 401. */
export class TokenRejected extends Error {}

/** The keys could not be fetched: the token may be fine, the cloud cannot tell now. */
export class KeysUnavailable extends Error {}

// RFC 9068 section 4: "at+jwt", with or without the "application/" prefix, in any case.
const normalType = (typ: string) => typ.toLowerCase().replace(/^application\//, '');

/** Checks a JWT access token: signature, algorithm, type, issuer, audience and lifetime. */
export class TokenVerifier {
  private readonly options: VerifierOptions;
  private readonly types: Set<string>;

  constructor(options: VerifierOptions) {
    this.options = options;
    this.types = new Set(options.tokenTypes.map(normalType));
  }

  get issuer(): string {
    return this.options.issuer;
  }

  async verify(token: string): Promise<VerifiedClaims> {
    const { issuer, audience, keys, algorithms, clockToleranceSeconds } = this.options;
    let verified;
    try {
      verified = await jwtVerify(token, keys, {
        issuer,
        audience,
        algorithms,
        clockTolerance: clockToleranceSeconds,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
    } catch (error) {
      throw explain(error, audience);
    }
    const typ = verified.protectedHeader.typ;
    if (typ === undefined || !this.types.has(normalType(typ))) {
      throw new TokenRejected(
        `The token is not an access token (its type is ${typ ?? 'missing'}, not ${this.options.tokenTypes.join(' or ')}).`,
      );
    }
    return verified.payload as VerifiedClaims;
  }
}

function explain(error: unknown, audience: string): Error {
  if (error instanceof errors.JWTExpired) return new TokenRejected('The token has expired.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case 'aud':
        return new TokenRejected(`The token is for another audience, not ${audience}.`);
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
