import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DailyRow } from '../../lib/history-store/protocol.ts';
import { dailyColumns } from './daily-summary.tsx';

const row: DailyRow = {
  nodeUuid: 'n1',
  nodeName: 'Van 07',
  day: '2026-11-24',
  // Midnight of 24 November in Amsterdam.
  dayStart: Date.UTC(2026, 10, 23, 23),
  distanceM: 0,
  movingMs: 0,
  stopMs: 0,
  silentMs: 0,
  stops: 0,
  trips: 0,
  temperatureMin: Number.NaN,
  temperatureMax: Number.NaN,
  inRange: Number.NaN,
  excursions: 0,
};

describe('the Daily summary’s Day column (issue 22: every Day cell read "2026-11…")', () => {
  it('names the day as people read it, in the report’s zone, with the ISO date on hover', () => {
    const day = dailyColumns('Europe/Amsterdam').find((column) => column.header === 'Day');
    if (!day) throw new Error('no Day column');
    const { container } = render(<>{day.cell(row)}</>);
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/\d{4}-\d{2}/);
    expect(text).toMatch(/Tue/);
    expect(text).toMatch(/24/);
    expect(text).toMatch(/Nov/);
    // Short enough for its 140 px track: at most 11 characters.
    expect(text.length).toBeLessThanOrEqual(11);
    expect(container.querySelector('[title="2026-11-24"]')).not.toBeNull();
  });
});
