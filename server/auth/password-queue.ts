import { Worker } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import {
  keysEqual,
  parseStoredHash,
  STRONG_SCRYPT,
  storedHash,
  type ScryptParams,
} from './passwords.ts';

export interface ScryptJob {
  id: number;
  password: string;
  salt: Buffer;
  params: ScryptParams;
}
export type ScryptAnswer = { id: number; key: Uint8Array } | { id: number; error: string };

/** Refused at once: more sign-ins are waiting for scrypt than the queue holds. */
export class PasswordQueueFull extends Error {}

/**
 * Password checks wait here, one at a time on a worker thread of their own, never on the libuv
 * thread pool that token verification, files and the database share. At most `capacity` wait
 * (the one being checked included); the next is refused at once, so a flood of guesses costs
 * the guessers a 429 and everyone else nothing. One worker: the machine has two cores, and a
 * second scrypt at a time would take the one the event loop needs.
 */
export class PasswordQueue {
  private readonly capacity: number;
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (key: Buffer) => void; reject: (error: Error) => void }
  >();

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get size(): number {
    return this.waiting.size;
  }

  derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
    if (this.waiting.size >= this.capacity) return Promise.reject(new PasswordQueueFull());
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const job: ScryptJob = { id, password, salt, params };
      this.started().postMessage(job);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./scrypt-worker.ts', import.meta.url));
    // A process with nothing else to do may end; the worker never holds it open.
    worker.unref();
    worker.on('message', (answer: ScryptAnswer) => {
      const entry = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if ('key' in answer) entry?.resolve(Buffer.from(answer.key));
      else entry?.reject(new Error(answer.error));
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new Error('the password worker stopped'));
    });
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const entry of this.waiting.values()) entry.reject(error);
    this.waiting.clear();
  }
}

/** Eight waiting at about 0.1 s each: a sign-in waits at most about a second. */
const PASSWORD_QUEUE_CAPACITY = 8;
const shared = new PasswordQueue(PASSWORD_QUEUE_CAPACITY);

/** verifyPassword through the process's one password queue; throws PasswordQueueFull. */
export async function verifyQueued(
  password: string,
  stored: string,
  queue: PasswordQueue = shared,
): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  return keysEqual(await queue.derive(password, parsed.salt, parsed.params), parsed.hash);
}

/** A new stored hash of `password` (STRONG_SCRYPT) made on the password worker; throws PasswordQueueFull. */
export async function hashQueued(password: string, queue: PasswordQueue = shared): Promise<string> {
  const salt = randomBytes(16);
  return storedHash(STRONG_SCRYPT, salt, await queue.derive(password, salt, STRONG_SCRYPT));
}
