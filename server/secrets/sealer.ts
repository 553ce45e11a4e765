import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'sealed:v1:';
export const SECRETS_KEY_FILE = 'secrets.key';

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** SHA-256 of a random credential (a token, a session id): a lookup key a copy cannot use. */
export const digest = (value: string) =>
  createHash('sha256').update(value, 'utf8').digest('base64url');

/**
 * Seals secrets the cloud must read back (push signing secrets, the identity provider's records)
 * with AES-256-GCM under a key that lives outside the database (SECRETS_KEY, or secrets.key in
 * DATA_DIR), so that a copy of the database or a backup does not hold them in the clear. The
 * first key seals; every key unseals, which is how a key is rotated
 * (docs/decisions/0043-secrets-at-rest.md).
 */
export class Sealer {
  private readonly current: { id: string; key: Buffer };
  private readonly byId: Map<string, Buffer>;
  /** Where the keys came from, for a person: the setting to change. */
  readonly source: string;

  constructor(keys: readonly Buffer[], source = 'SECRETS_KEY') {
    this.source = source;
    const first = keys[0];
    if (!first) throw new Error('a sealer needs a key');
    for (const key of keys) {
      if (key.length !== 32) throw new Error('a secrets key is 32 bytes (base64 of 32 bytes)');
    }
    this.current = { id: keyId(first), key: first };
    this.byId = new Map(keys.map((key) => [keyId(key), key]));
  }

  static isSealed(text: string): boolean {
    return text.startsWith(PREFIX);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${this.current.id}:${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The plain text; throws when sealed under a key this cloud does not have, or tampered with. */
  unseal(text: string): string {
    if (!Sealer.isSealed(text)) throw new Error('not a sealed secret');
    const [id = '', rest = ''] = text.slice(PREFIX.length).split(':');
    const key = this.byId.get(id);
    if (!key) throw new Error(`sealed under key ${id}, which ${this.source} does not hold`);
    const [iv = '', sealed = ''] = rest.split('.');
    const body = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  }

  /** Whether `text` was sealed under an older key (rotation seals it again). */
  isStale(text: string): boolean {
    return Sealer.isSealed(text) && !text.startsWith(`${PREFIX}${this.current.id}:`);
  }
}

function parseKeys(text: string, from: string): Buffer[] {
  return text
    .split(/[\s,]+/)
    .filter((item) => item !== '')
    .map((item) => {
      const key = Buffer.from(item, 'base64');
      if (key.length !== 32) {
        throw new Error(`${from}: each key is 32 random bytes in base64 (openssl rand -base64 32)`);
      }
      return key;
    });
}

/** One key per process for databases in memory (tests): nothing outlives the process. */
let memoryKey: Buffer | undefined;

/**
 * The keys: SECRETS_KEY (comma-separated, the first seals) when set; otherwise secrets.key in
 * DATA_DIR, made on first start. Instances sharing a PostgreSQL database need the same keys: set
 * SECRETS_KEY on each (or give each the same key file).
 */
export function loadSealer(dataDir: string, secretsKey: string | undefined): Sealer {
  if (secretsKey !== undefined && secretsKey.trim() !== '') {
    return new Sealer(parseKeys(secretsKey, 'SECRETS_KEY'));
  }
  if (dataDir === ':memory:') {
    memoryKey ??= randomBytes(32);
    return new Sealer([memoryKey], 'the key of this process (DATA_DIR is :memory:)');
  }
  const file = join(dataDir, SECRETS_KEY_FILE);
  if (!existsSync(file)) {
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another instance on this DATA_DIR made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return new Sealer(
    parseKeys(readFileSync(file, 'utf8'), file),
    `${file} (DATA_DIR's key; SECRETS_KEY is not set)`,
  );
}
