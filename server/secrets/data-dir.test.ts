import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir.ts';

describe('DATA_DIR at start', () => {
  const made: string[] = [];
  const umask = process.umask();
  afterEach(() => {
    process.umask(umask);
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const mode = (path: string) => statSync(path).mode & 0o777;

  it('makes the folder 0700 and its files 0600, warning about each that was wider', () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-dir-'));
    made.push(dir);
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'telemetry.sqlite'), 'x', { mode: 0o644 });
    writeFileSync(join(dir, 'secrets.key'), 'x', { mode: 0o600 });
    mkdirSync(join(dir, 'backups'), { mode: 0o755 });
    writeFileSync(join(dir, 'backups', 'old.sqlite'), 'x', { mode: 0o664 });

    const warned: string[] = [];
    secureDataDir(dir, (line) => warned.push(line));

    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'telemetry.sqlite'))).toBe(0o600);
    expect(mode(join(dir, 'secrets.key'))).toBe(0o600);
    expect(mode(join(dir, 'backups'))).toBe(0o700);
    expect(mode(join(dir, 'backups', 'old.sqlite'))).toBe(0o600);
    expect(warned).toHaveLength(4);
    expect(warned).toContain(
      `${join(dir, 'telemetry.sqlite')} was readable by others (mode 644); made 600`,
    );
    // Files made afterwards are private too.
    writeFileSync(join(dir, 'new.json'), '{}');
    expect(mode(join(dir, 'new.json'))).toBe(0o600);
    expect(secureDataDir(dir, () => undefined)).toEqual([]);
  });

  it('makes a missing folder, private', () => {
    const parent = mkdtempSync(join(tmpdir(), 'data-dir-'));
    made.push(parent);
    const dir = join(parent, 'fresh');
    expect(secureDataDir(dir, () => undefined)).toEqual([]);
    expect(mode(dir)).toBe(0o700);
  });
});
