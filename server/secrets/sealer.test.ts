import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSealer, Sealer, SECRETS_KEY_FILE } from './sealer.ts';

/** `sealed` with one bit of its cipher text flipped (always a different text, unlike new tail characters). */
function tampered(sealed: string): string {
  const dot = sealed.lastIndexOf('.');
  const body = Buffer.from(sealed.slice(dot + 1), 'base64url');
  body[0] = (body[0] ?? 0) ^ 1;
  return `${sealed.slice(0, dot + 1)}${body.toString('base64url')}`;
}

describe('Sealer', () => {
  it('seals and unseals; a tampered or foreign text is refused', () => {
    const sealer = new Sealer([randomBytes(32)]);
    const sealed = sealer.seal('whsec_abc');
    expect(sealed).toMatch(/^sealed:v1:[0-9a-f]{8}:/);
    expect(sealed).not.toContain('whsec_abc');
    expect(sealer.unseal(sealed)).toBe('whsec_abc');
    expect(sealer.seal('whsec_abc')).not.toBe(sealed);
    expect(() => sealer.unseal(tampered(sealed))).toThrow();
    expect(() => new Sealer([randomBytes(32)]).unseal(sealed)).toThrow(/SECRETS_KEY/);
  });

  it('rotates: the first key seals, the older ones still unseal', () => {
    const [older, newer] = [randomBytes(32), randomBytes(32)];
    const before = new Sealer([older]).seal('secret');
    const rotated = new Sealer([newer, older]);
    expect(rotated.unseal(before)).toBe('secret');
    expect(rotated.isStale(before)).toBe(true);
    expect(rotated.isStale(rotated.seal('secret'))).toBe(false);
  });

  it('takes SECRETS_KEY, or makes a private key file in DATA_DIR once', () => {
    const key = randomBytes(32).toString('base64');
    const sealed = loadSealer(':memory:', key).seal('x');
    expect(loadSealer(':memory:', key).unseal(sealed)).toBe('x');
    expect(() => loadSealer(':memory:', 'short')).toThrow(/SECRETS_KEY/);

    const dir = mkdtempSync(join(tmpdir(), 'sealer-'));
    try {
      const first = loadSealer(dir, undefined).seal('y');
      const file = join(dir, SECRETS_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toMatch(/^[A-Za-z0-9+/]{43}=\n$/);
      expect(loadSealer(dir, undefined).unseal(first)).toBe('y');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
