import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Replays take turns: at most `at once` of them read or shape a piece at a time, in the order
 * they asked, and each yields to the event loop after its piece. Without this, twenty replays
 * that each read and shape thousands of readings per piece (on SQLite, synchronously) ran one
 * piece after another between two turns of the event loop, and every other request waited
 * behind all of them (docs/decisions/0041-fair-shares.md).
 */
class ReplayTurns {
  private readonly atOnce: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(atOnce: number) {
    this.atOnce = atOnce;
  }

  /** Runs `piece` in a turn, then lets the event loop serve others before answering. */
  async run<T>(piece: () => Promise<T>): Promise<T> {
    if (this.running >= this.atOnce) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await piece();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
      await nextTurn();
    }
  }
}

/** One per process: the event loop it protects is the process's. */
export const replayTurns = new ReplayTurns(1);
