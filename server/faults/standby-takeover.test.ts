import { freePorts } from '../test/free-ports.ts';
import { describe, expect, it } from 'vitest';
import { printTakeover, standbyTakeover } from '../cluster-harness/standby-drill.ts';

/**
 * Issue 35, a standby that takes over (docs/decisions/0182-standby-takeover.md): a PostgreSQL
 * primary with a synchronous streaming standby behind a TCP balancer that checks which one is the
 * primary; three instances behind HAProxy, a gateway delivering and a user reading. The
 * primary's postmaster is SIGKILLed (its machine lost), then the standby promoted (the
 * operator's `pg_ctl promote`). PostgreSQL run only (vitest.config.ts).
 */
describe('a standby that takes over', () => {
  it('serves again within 10 s of the promotion, with nothing acknowledged lost and only 503s meanwhile', async () => {
    const figures = await standbyTakeover({ port: await freePorts() });
    printTakeover(figures);
    expect(figures.instanceMs).toHaveLength(3);
    expect(Math.max(...figures.instanceMs)).toBeLessThan(10_000);
    expect(figures.acknowledged).toBeGreaterThan(0);
    expect(figures).toMatchObject({
      lost: 0,
      duplicated: 0,
      otherServerErrors: 0,
      other: 0,
      unavailableWithoutRetryAfter: 0,
    });
    expect(figures.odd).toEqual([]);
  }, 170_000);
});
