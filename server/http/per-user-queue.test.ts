import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { PerUserQueue } from './per-user-queue.ts';

/** A promise the test settles when it chooses. */
function held() {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

const queue = () =>
  new PerUserQueue({ limit: 1, queue: 1, what: 'history requests', settings: 'X=1' });

describe('PerUserQueue', () => {
  it('runs `limit` at once per user, lets `queue` wait in order, and refuses the next', async () => {
    const line = queue();
    const first = held();
    const order: string[] = [];
    const running = line.within(1, async () => {
      await first.promise;
      order.push('first');
    });
    const waiting = line.within(1, async () => {
      order.push('second');
    });
    await expect(line.within(1, async () => 'third')).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '1' },
    });
    // Another user is not held up.
    await expect(line.within(2, async () => 'other')).resolves.toBe('other');
    first.release();
    await Promise.all([running, waiting]);
    expect(order).toEqual(['first', 'second']);
    await expect(line.within(1, async () => 'again')).resolves.toBe('again');
  });

  it('a waiting request whose client went away leaves the line without running', async () => {
    const line = queue();
    const first = held();
    const running = line.within(1, () => first.promise);
    const gone = new AbortController();
    let ran = false;
    const waiting = line.within(1, async () => (ran = true), gone.signal);
    gone.abort();
    await expect(waiting).rejects.toBeInstanceOf(ApiError);
    // Its place in the line is free again.
    const next = line.within(1, async () => 'next');
    first.release();
    await running;
    await expect(next).resolves.toBe('next');
    expect(ran).toBe(false);
  });

  it('gives the place on when the work fails', async () => {
    const line = queue();
    await expect(line.within(7, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(line.within(7, async () => 'ok')).resolves.toBe('ok');
  });
});
