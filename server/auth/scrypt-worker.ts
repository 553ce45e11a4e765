import { scryptSync } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { ScryptJob, ScryptAnswer } from './password-queue.ts';
import { KEY_LENGTH, scryptOptions } from './passwords.ts';

// scrypt on a thread of its own: the libuv pool stays free for token verification, files and
// the database driver (docs/decisions/0041-fair-shares.md).
/**
 * This thread yields to the event loop: a flood of sign-in guesses keeps it busy, and requests
 * that need no password (bearer tokens, health checks) must not wait for it. On Linux a thread's
 * nice value is its own (setpriority on its thread id); elsewhere it stays as it is.
 */
function yieldToTheEventLoop(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0)
      setPriority(tid, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // No /proc (not Linux) or not permitted: the thread keeps its priority.
  }
}
yieldToTheEventLoop();

parentPort?.on('message', (job: ScryptJob) => {
  let answer: ScryptAnswer;
  try {
    const key = scryptSync(
      job.password.normalize('NFC'),
      job.salt,
      KEY_LENGTH,
      scryptOptions(job.params),
    );
    answer = { id: job.id, key };
  } catch (error) {
    answer = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
