import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../test/free-ports.ts';
import { status, waitFor } from './fault-load.ts';

/** Settles once `child` has exited (at once when it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * A SQLite cloud as a process of its own over `dataDir`, for the tests that SIGKILL it: each
 * start takes a free port and is done once /readyz answers 200 (false when it never does).
 */
export class SqliteCloud {
  url = '';
  private child: ChildProcess | undefined;
  private readonly dataDir: string;
  /** The test process's environment without DATABASE_URL: this cloud is SQLite whatever the run. */
  readonly env: NodeJS.ProcessEnv;

  constructor(dataDir: string) {
    this.dataDir = dataDir;
    this.env = { ...process.env };
    delete this.env.DATABASE_URL;
  }

  async start(): Promise<boolean> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, ['server/main.ts'], {
      stdio: 'ignore',
      env: {
        ...this.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        SIMULATOR: 'off',
        DEMO_DAYS: '0',
        LOG_LEVEL: 'error',
      },
    });
    return waitFor(async () => (await status(`${this.url}/readyz`)) === 200, 240_000);
  }

  async kill(): Promise<void> {
    const victim = this.child;
    victim?.kill('SIGKILL');
    if (victim) await exited(victim);
  }
}
