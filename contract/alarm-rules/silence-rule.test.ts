import { describe, expect, it } from 'vitest';
import { silentAfterMs } from './silence-rule.ts';

describe('silentAfterMs', () => {
  it('takes the node’s own minutes before any group’s', () => {
    expect(silentAfterMs({ silentAfterMinutes: 30 }, [{ silentAfterMinutes: 5 }])).toBe(1_800_000);
  });

  it('takes the shortest of the groups’ when the node names none', () => {
    expect(
      silentAfterMs({ colour: 'red' }, [
        { silentAfterMinutes: 20 },
        undefined,
        { silentAfterMinutes: 5 },
      ]),
    ).toBe(300_000);
  });

  it('ignores what is not a number above 0, and answers undefined when nothing asks', () => {
    expect(silentAfterMs({ silentAfterMinutes: 0 }, [{ silentAfterMinutes: '5' }])).toBeUndefined();
    expect(silentAfterMs(undefined, [])).toBeUndefined();
    expect(silentAfterMs({ silentAfterMinutes: -3 }, [{ silentAfterMinutes: 7 }])).toBe(420_000);
  });
});
