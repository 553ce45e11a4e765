import { Worker } from 'node:worker_threads';
import type { ReadAnswer, ReadJob } from './read-jobs.ts';

/** The name of the workers' threads (15 characters at most, as Linux keeps them). */
export const READ_WORKER_THREAD = 'sqlite-read';
/** A worker that dies sooner than this after it started is replaced only after this long. */
const RESTART_PAUSE_MS = 1_000;

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  startedAt: number;
  /** Jobs sent to this worker and not answered yet, by id. */
  waiting: Map<number, Waiting>;
  /** It ended; a replacement is on its way. */
  gone: boolean;
}

/**
 * The answer to a job whose worker died or was closed before answering it. Its code is
 * PostgreSQL's for a connection that failed (class 08), so that the request is answered 503 as
 * for any connection cut under it (server/store/database-faults.ts).
 */
export class ReadWorkerGone extends Error {
  readonly code = '08006';
}

/**
 * SQLite reads that can take more than a millisecond (listing, positions, history) run here,
 * on worker threads with read-only connections of their own, so that the event loop only routes
 * (docs/decisions/0106-sqlite-reads-on-workers.md). Writes and transactions stay on the main
 * connection. A job goes to the worker with the fewest jobs waiting. A worker that dies is
 * replaced, and the jobs it held are answered with `ReadWorkerGone` rather than left hanging.
 */
export class ReadWorkers {
  private readonly file: string;
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closing = false;
  private readonly restarts = new Set<NodeJS.Timeout>();

  constructor(file: string, count: number) {
    this.file = file;
    for (let i = 0; i < count; i++) this.slots.push(this.start());
  }

  /** Whether a worker can take a job now (else the caller reads on the main connection). */
  get available(): boolean {
    return !this.closing && this.slots.some((slot) => !slot.gone);
  }

  /** The living workers' thread ids (for tests that end one). */
  get threadIds(): number[] {
    return this.slots.filter((slot) => !slot.gone).map((slot) => slot.worker.threadId);
  }

  /** Jobs sent and not answered yet, over all workers. */
  get waiting(): number {
    return this.slots.reduce((sum, slot) => sum + slot.waiting.size, 0);
  }

  run<T>(job: ReadJob): Promise<T> {
    if (this.closing) return Promise.reject(new ReadWorkerGone('the read workers are closed'));
    let slot: Slot | undefined;
    for (const candidate of this.slots) {
      if (candidate.gone) continue;
      if (slot === undefined || candidate.waiting.size < slot.waiting.size) slot = candidate;
    }
    if (slot === undefined) return Promise.reject(new ReadWorkerGone('no read worker'));
    const id = this.nextId++;
    const into = slot;
    return new Promise<T>((resolve, reject) => {
      into.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      into.worker.postMessage({ id, job });
    });
  }

  /** Ends the worker with `threadId` as a crash would (tests: its jobs answer ReadWorkerGone). */
  async end(threadId: number): Promise<void> {
    await this.slots.find((slot) => slot.worker.threadId === threadId)?.worker.terminate();
  }

  /** Ends every worker; jobs still waiting answer ReadWorkerGone. */
  async close(): Promise<void> {
    this.closing = true;
    for (const timer of this.restarts) clearTimeout(timer);
    this.restarts.clear();
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    for (const slot of this.slots) this.fail(slot, 'the read workers were closed');
  }

  private start(): Slot {
    const worker = new Worker(new URL('./read-worker.ts', import.meta.url), {
      workerData: { file: this.file },
      // The thread's name in /proc (…/task/*/comm): benchmarks read the workers' CPU by it.
      name: READ_WORKER_THREAD,
    });
    const slot: Slot = { worker, startedAt: Date.now(), waiting: new Map(), gone: false };
    worker.on('message', (answer: ReadAnswer) => {
      const waiting = slot.waiting.get(answer.id);
      if (waiting === undefined) return;
      slot.waiting.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.value);
      else waiting.reject(new Error(answer.message));
    });
    let reason = 'a read worker stopped';
    worker.on('error', (error) => {
      reason = `a read worker failed: ${error.message}`;
    });
    worker.on('exit', () => this.replace(slot, reason));
    return slot;
  }

  /** A worker ended: its jobs fail, and (unless closing) another takes its place. */
  private replace(slot: Slot, reason: string): void {
    slot.gone = true;
    this.fail(slot, reason);
    if (this.closing) return;
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    const restart = () => {
      if (!this.closing) this.slots[index] = this.start();
    };
    // One that could not even start (the file gone) is not restarted in a tight loop.
    if (Date.now() - slot.startedAt >= RESTART_PAUSE_MS) return restart();
    const timer = setTimeout(() => {
      this.restarts.delete(timer);
      restart();
    }, RESTART_PAUSE_MS);
    this.restarts.add(timer);
  }

  private fail(slot: Slot, reason: string): void {
    for (const waiting of slot.waiting.values()) waiting.reject(new ReadWorkerGone(reason));
    slot.waiting.clear();
  }
}
