import type { Benchmark } from './bench.ts';
import { printUpgrade, rollingUpgrade } from '../../server/cluster-harness/rolling-upgrade.ts';
import { printTakeover, standbyTakeover } from '../../server/cluster-harness/standby-drill.ts';

/**
 * Issue 35: what clients see during a rolling upgrade of three instances behind HAProxy on
 * PostgreSQL (from UPGRADE_FROM, default this commit: every stopping instance then runs this
 * release's graceful stop), and how long a standby takes over after the primary is lost.
 */
export const upgradeBenchmark: Benchmark = {
  name: 'upgrade',
  description:
    'Issue 35: a rolling upgrade of three instances under load (other users p99 against before, ' +
    '503s per minute, the longest push gap) and a standby takeover (promotion to the first 200 ' +
    'through HAProxy).',
  async run() {
    const port = Number(process.env.UPGRADE_PORT ?? 8290);
    const upgrade = await rollingUpgrade({
      port,
      from: process.env.UPGRADE_FROM ?? 'HEAD',
      baselineMs: 10_000,
    });
    printUpgrade(upgrade);
    const takeover = await standbyTakeover({ port: port + 5 });
    printTakeover(takeover);
    return {
      figures: [
        {
          label: "other users' listing p99 during the upgrade, against before",
          value:
            Math.round((upgrade.readerP99DuringMs / Math.max(1, upgrade.readerP99BeforeMs)) * 10) /
            10,
          unit: '×',
          target: { max: 2 },
          wall: true,
          meaning: `${upgrade.readerP99BeforeMs} ms before, ${upgrade.readerP99DuringMs} ms during`,
        },
        {
          label: '503 answers per minute during the upgrade',
          value: upgrade.unavailablePerMinute,
          unit: '/min',
        },
        {
          label: 'answers other than 2xx or 503 with Retry-After during the upgrade',
          value: upgrade.otherServerErrors + upgrade.other + upgrade.unavailableWithoutRetryAfter,
          unit: '',
          target: { max: 0 },
        },
        {
          label: 'longest gap between push deliveries during the upgrade',
          value: upgrade.pushGapMs,
          unit: 'ms',
          target: { max: 3_000 },
          wall: true,
        },
        {
          label: 'acknowledged messages lost, push lost + duplicated, stream readings missing',
          value: upgrade.lost + upgrade.pushLost + upgrade.pushDuplicated + upgrade.streamMissing,
          unit: '',
          target: { max: 0 },
        },
        {
          label: 'standby takeover: promotion to the first 200 through HAProxy',
          value: takeover.balancerMs,
          unit: 'ms',
          wall: true,
        },
        {
          label: 'standby takeover: promotion to every instance serving',
          value: Math.max(...takeover.instanceMs),
          unit: 'ms',
          target: { max: 10_000 },
          wall: true,
        },
        {
          label: 'standby takeover: acknowledged messages lost',
          value: takeover.lost,
          unit: '',
          target: { max: 0 },
        },
      ],
      notes: [`rolling upgrade ${upgrade.note}`],
    };
  },
};
