import { describe, expect, it } from 'vitest';
import { lastSeenWords } from './fleet-words.ts';

const MIN = 60_000;
const now = Date.UTC(2026, 10, 24, 12);

describe('last seen, in words', () => {
  it('counts up by the second under a minute, then as the rest of the console says it', () => {
    expect(lastSeenWords(now - 4_200, now)).toBe('4 s ago');
    expect(lastSeenWords(now - 5_000, now)).toBe('5 s ago');
    expect(lastSeenWords(now - 3 * MIN, now)).toBe('3 min ago');
  });
});
