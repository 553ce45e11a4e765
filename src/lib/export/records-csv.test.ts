import { describe, expect, it } from 'vitest';
import { csvFields, csvTime, recordsCsv } from './records-csv.ts';

interface Row {
  name: string;
  at: number;
  until: number | undefined;
}

const columns = (timeZone: string) => [
  ...csvFields<Row>({ node: (r) => r.name }),
  csvTime<Row>('start', timeZone, (r) => r.at),
  csvTime<Row>('end', timeZone, (r) => r.until),
];
const rows: Row[] = [
  { name: 'Reefer 05', at: Date.UTC(2026, 10, 24, 17, 12, 48, 120), until: undefined },
  // Summer time: the offset is the one at that instant, not today's.
  { name: 'Van 07', at: Date.UTC(2026, 6, 1, 6, 0), until: Number.NaN },
];

describe('a report’s CSV times', () => {
  it('are ISO 8601 in the zone with its offset at each instant, the header naming the zone', async () => {
    const text = await recordsCsv(columns('Europe/Amsterdam'), rows).text();
    expect(text.split('\r\n')).toEqual([
      'node,start (Europe/Amsterdam),end (Europe/Amsterdam)',
      'Reefer 05,2026-11-24T18:12:48.120+01:00,',
      'Van 07,2026-07-01T08:00:00.000+02:00,',
      '',
    ]);
  });

  it('are in UTC when the person picks it, and say so', async () => {
    const text = await recordsCsv(columns('UTC'), rows).text();
    expect(text.split('\r\n').slice(0, 2)).toEqual([
      'node,start (UTC),end (UTC)',
      'Reefer 05,2026-11-24T17:12:48.120Z,',
    ]);
  });
});
