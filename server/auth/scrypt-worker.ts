import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import type { ScryptJob, ScryptAnswer } from './password-queue.ts';
import { KEY_LENGTH, scryptOptions } from './passwords.ts';

// scrypt on a thread of its own: the libuv pool stays free for token verification, files and
// the database driver (docs/decisions/0041-fair-shares.md).
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
