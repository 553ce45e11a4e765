import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the database, the identity provider's keys and the secrets key: only the
 * cloud's own user may read it. At start the folder is made 0700 and every file in it 0600,
 * saying so when they were wider; files made later are private through the umask.
 * Answers the lines it warned, for tests.
 */
export function secureDataDir(dataDir: string, warn: (line: string) => void): string[] {
  const warned: string[] = [];
  const say = (line: string) => {
    warned.push(line);
    warn(line);
  };
  // New files (the database's journal, key files) are the owner's only.
  process.umask(0o077);
  if (dataDir === ':memory:') return warned;
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const walk = (path: string, wanted: number) => {
    const stat = statSync(path);
    const mode = stat.mode & 0o777;
    if ((mode & 0o077) !== 0) {
      chmodSync(path, wanted);
      say(`${path} was readable by others (mode ${mode.toString(8)}); made ${wanted.toString(8)}`);
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        const child = join(path, entry);
        walk(child, statSync(child).isDirectory() ? 0o700 : 0o600);
      }
    }
  };
  walk(dataDir, 0o700);
  return warned;
}
