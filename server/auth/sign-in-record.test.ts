import { describe, expect, it } from 'vitest';
import { RECORD_EVERY_MS, SignInRecorder } from './sign-in-record.ts';

describe('SignInRecorder', () => {
  it('writes an account’s sign-in at most once a minute, so Basic on every request stays cheap', async () => {
    const written: [number, number][] = [];
    let now = 1_000_000;
    const recorder = new SignInRecorder(
      { recordSignIn: async (userId, at) => void written.push([userId, at]) },
      () => now,
    );
    await recorder.record(1);
    await recorder.record(1);
    await recorder.record(2);
    now += RECORD_EVERY_MS - 1;
    await recorder.record(1);
    now += 1;
    await recorder.record(1);
    expect(written).toEqual([
      [1, 1_000_000],
      [2, 1_000_000],
      [1, 1_000_000 + RECORD_EVERY_MS],
    ]);
  });
});
