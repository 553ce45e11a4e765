import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { SharedSecretStore } from '../store/shared-secrets.ts';

/** ES256: small, fast to generate (tests make a key per cloud) and accepted by every OIDC client. */
export const SIGNING_ALG = 'ES256';
export const KEYS_FILE = 'identity-keys.json';

const PrivateJwk = z.looseObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  d: z.string(),
  kid: z.string(),
  alg: z.literal(SIGNING_ALG),
  use: z.literal('sig'),
});
export type PrivateJwk = z.infer<typeof PrivateJwk>;

const IdentityKeys = z.object({
  /** The first signs; all are published, so a retired key keeps verifying until it is removed. */
  signing: z.array(PrivateJwk).min(1),
  /** Sign the identity provider's cookies. */
  cookies: z.array(z.string().min(32)).min(1),
  /** The `machine` client's secret, unless AUTH_MACHINE_SECRET gives one. */
  machineSecret: z.string().min(32),
});
export type IdentityKeys = z.infer<typeof IdentityKeys>;

export type PublicJwk = Omit<PrivateJwk, 'd'>;

export function generateSigningKey(): PrivateJwk {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const { x = '', y = '', d = '' } = jwk;
  // RFC 7638 thumbprint: the required members in lexicographic order.
  const thumbprint = JSON.stringify({ crv: 'P-256', kty: 'EC', x, y });
  const kid = createHash('sha256').update(thumbprint).digest('base64url');
  return { kty: 'EC', crv: 'P-256', x, y, d, kid, alg: SIGNING_ALG, use: 'sig' };
}

function generateKeys(): IdentityKeys {
  return {
    signing: [generateSigningKey()],
    cookies: [randomBytes(32).toString('base64url')],
    machineSecret: randomBytes(32).toString('base64url'),
  };
}

/**
 * The identity provider's keys: read from DATA_DIR, or made and written there on first start so
 * that tokens and sessions survive a restart. A memory cloud keeps fresh keys in memory.
 */
export function loadOrCreateKeys(dataDir: string): IdentityKeys {
  if (dataDir === ':memory:') return generateKeys();
  const stored = readKeys(dataDir);
  if (stored) return stored;
  const keys = generateKeys();
  writeKeys(dataDir, keys);
  return keys;
}

/** The key file in DATA_DIR, if there is one. */
function readKeys(dataDir: string): IdentityKeys | undefined {
  const file = join(dataDir, KEYS_FILE);
  if (dataDir === ':memory:' || !existsSync(file)) return undefined;
  const parsed = IdentityKeys.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file} is not a valid key file; restore it or remove it to make new keys`);
  }
  return parsed.data;
}

/**
 * The keys of a cloud of many instances: in the shared database, so that a token or cookie
 * signed by one instance verifies at every other. The first instance to start puts them there:
 * the key file of its DATA_DIR when it has one (a cloud moving from SQLite keeps its keys, and
 * its people stay signed in), else new ones.
 */
export async function sharedKeys(
  secrets: SharedSecretStore,
  dataDir: string,
): Promise<IdentityKeys> {
  const text = await secrets.loadOrCreate('identity-keys', () =>
    JSON.stringify(readKeys(dataDir) ?? generateKeys()),
  );
  const parsed = IdentityKeys.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error('the identity keys in the database are not valid');
  return parsed.data;
}

export function writeKeys(dataDir: string, keys: IdentityKeys): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, KEYS_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(keys, null, 2), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

export function publicJwk(key: PrivateJwk): PublicJwk {
  const { d: _private, ...rest } = key;
  return rest;
}
