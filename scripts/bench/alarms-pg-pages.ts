import type { Figure } from './bench.ts';
import { pageRequests, startAlarmsCloud, stopAlarmsCloud } from './alarms-phases.ts';

/**
 * (c) on PostgreSQL (alarms.ts): the same fleet and 100,000 alarms in a throw-away cluster, the
 * first page as admin with the caller's nodes kept and computed in turns over HTTP. The cloud's
 * CPU and PostgreSQL's (every backend) are read apart, per page.
 */
export async function postgresPages(runs: number): Promise<Figure[]> {
  const cloud = await startAlarmsCloud('postgres');
  try {
    const page = await pageRequests(cloud, 'count=100', runs);
    const { kept, computed } = page;
    const total = (side: typeof kept) => side.mainMs + side.databaseMs;
    return [
      {
        label: '(c) PostgreSQL: first page, nodes kept: median',
        value: kept.medianMs,
        unit: 'ms',
        wall: true,
        meaning: `HTTP, ${runs} runs; seeded in ${(cloud.seededMs / 1000).toFixed(0)} s; load average ${page.load}`,
      },
      {
        label: '(c) PostgreSQL: CPU per first page, nodes kept',
        value: total(kept),
        unit: 'ms',
        meaning: `cloud main thread ${kept.mainMs.toFixed(1)} ms + PostgreSQL ${kept.databaseMs.toFixed(1)} ms`,
      },
      {
        label: '(c) PostgreSQL: the plain way (nodes computed per page): median',
        value: computed.medianMs,
        unit: 'ms',
        wall: true,
        meaning: 'HTTP, in turns with the kept ones',
      },
      {
        label: '(c) PostgreSQL: the plain way, CPU per first page',
        value: total(computed),
        unit: 'ms',
        meaning: `cloud main thread ${computed.mainMs.toFixed(1)} ms + PostgreSQL ${computed.databaseMs.toFixed(1)} ms`,
      },
      {
        label: '(c) PostgreSQL: plain / kept, CPU per page (cloud and database)',
        value: total(computed) / total(kept),
        unit: '×',
        meaning: `wall medians ${computed.medianMs.toFixed(0)} / ${kept.medianMs.toFixed(0)} ms; ${page.rows} alarms answered`,
      },
    ];
  } finally {
    await stopAlarmsCloud(cloud);
  }
}
