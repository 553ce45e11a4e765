import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt minimum. maxmem must cover 128 * N * r bytes. */
export const STRONG_SCRYPT: ScryptParams = { N: 131_072, r: 8, p: 1 };
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
  const key = await derive(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
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

export const scryptOptions = (params: ScryptParams): ScryptOptions => ({
  ...params,
  maxmem: 256 * params.N * params.r,
});

export const keysEqual = (key: Buffer, expected: Buffer) =>
  key.length === expected.length && timingSafeEqual(key, expected);
