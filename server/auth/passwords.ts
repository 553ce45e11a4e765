import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * One of the scrypt settings the OWASP Password Storage Cheat Sheet lists as equivalent
 * (N=2^17 p=1, …, N=2^14 p=5): the one with 16 MiB of working memory (128 * N * r bytes) instead
 * of 128 MiB, so a flood of guesses no longer costs the cloud 128 MB, and on a busy two-core
 * machine a check takes about 0.3 s instead of 2 s (docs/decisions/0110-abuse-memory-and-replay-windows.md).
 */
export const STRONG_SCRYPT: ScryptParams = { N: 16_384, r: 8, p: 5 };
/** For test databases only, where hundreds of hashes would otherwise take minutes. */
export const TEST_SCRYPT: ScryptParams = { N: 1_024, r: 8, p: 1 };
export const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: ScryptParams) {
  const options = scryptOptions(params);
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(
  password: string,
  params: ScryptParams = STRONG_SCRYPT,
): Promise<string> {
  const salt = randomBytes(16);
  return storedHash(params, salt, await derive(password, salt, params));
}

/** `scrypt$N$r$p$salt$hash` of a derived key. */
export function storedHash(params: ScryptParams, salt: Buffer, key: Buffer): string {
  const encoded = [salt.toString('base64url'), key.toString('base64url')];
  return ['scrypt', params.N, params.r, params.p, ...encoded].join('$');
}

/** The parts of a stored `scrypt$N$r$p$salt$hash`; undefined when it is not one. */
export function parseStoredHash(
  stored: string,
): { params: ScryptParams; salt: Buffer; hash: Buffer } | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  return { params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

/**
 * Whether a stored hash takes more working memory than STRONG_SCRYPT (the N=2^17 hashes of
 * earlier versions): hashed again at its next good sign-in. Test hashes (less) stay as they are.
 */
export function needsRehash(stored: string): boolean {
  const parsed = parseStoredHash(stored);
  return (
    parsed !== undefined && parsed.params.N * parsed.params.r > STRONG_SCRYPT.N * STRONG_SCRYPT.r
  );
}

export const scryptOptions = (params: ScryptParams): ScryptOptions => ({
  ...params,
  maxmem: 256 * params.N * params.r,
});

export const keysEqual = (key: Buffer, expected: Buffer) =>
  key.length === expected.length && timingSafeEqual(key, expected);
