import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCloud, type TestCloud } from '../test/harness.ts';

/** A built console as `vite build` leaves it: hashed assets with their .br and .gz beside them. */
const script = `export const lines = [${Array.from({ length: 400 }, (_, i) => `"line ${i}"`).join(',')}];\n`;

describe('the console’s assets, precompressed at build', () => {
  let dir: string;
  let cloud: TestCloud;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-assets-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Console</title>');
    const asset = join(dir, 'assets', 'app-Ab12Cd34.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    cloud = await createTestCloud({ consoleDir: dir });
  });
  afterAll(async () => {
    await cloud.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (encoding?: string) =>
    cloud.app.inject({
      method: 'GET',
      url: '/assets/app-Ab12Cd34.js',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('sends the brotli file to a browser that takes br, the gzip file to one that takes gzip', async () => {
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(brotliCompressSync(script))).toBe(true);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzipSync(script))).toBe(true);
  });

  it('sends the file as it is to a client that asks for no encoding', async () => {
    const raw = await get();
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(script);
  });

  it('lets browsers keep hashed assets for a year, and ask again for the shell', async () => {
    expect((await get('br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shell = await cloud.app.inject({ method: 'GET', url: '/fleet' });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
  });
});
