import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { PerUserGate } from './fair-share.ts';

describe('PerUserGate', () => {
  it('gives each user `limit` places; the next is 429 naming the limit, others are not held up', async () => {
    const gate = new PerUserGate(2, 'history requests', 'HISTORY_PER_USER');
    const first = gate.enter(1);
    gate.enter(1);
    let refused: unknown;
    try {
      gate.enter(1);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      statusCode: 429,
      message: expect.stringContaining('(HISTORY_PER_USER=2)'),
      headers: { 'retry-after': '1' },
    });
    expect(() => gate.enter(2)).not.toThrow();
    first();
    first(); // giving a place back twice frees one place only
    expect(() => gate.enter(1)).not.toThrow();
    expect(() => gate.enter(1)).toThrow(ApiError);
  });

  it('within() gives the place back when the work fails', async () => {
    const gate = new PerUserGate(1, 'history requests', 'HISTORY_PER_USER');
    await expect(gate.within(7, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.within(7, async () => 'ok')).resolves.toBe('ok');
  });
});
