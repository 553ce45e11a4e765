import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MotionAnswer, MotionTotals } from '../../lib/history-store/protocol.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { TripsPanel } from './trips-panel.tsx';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 24, 6, 0, 0);
const totals: MotionTotals = {
  distanceM: 12_400,
  movingMs: HOUR,
  stopMs: 5 * HOUR,
  stops: 2,
  trips: 1,
  silentMs: 0,
};
const at = { lat: 52.37, lon: 4.89 };
const motion: MotionAnswer = {
  nodes: [
    {
      nodeUuid: 'n7',
      nodeName: 'Van 07',
      stops: [
        { start: START, end: START + 2 * HOUR, ...at, startOpen: true, endOpen: false },
        { start: START + 3 * HOUR, end: START + 6 * HOUR, ...at, startOpen: false, endOpen: true },
      ],
      trips: [
        {
          start: START + 2 * HOUR,
          end: START + 3 * HOUR,
          distanceM: 12_400,
          fromLat: at.lat,
          fromLon: at.lon,
          toLat: at.lat,
          toLon: at.lon,
          startOpen: false,
          endOpen: false,
          gap: false,
        },
      ],
      timebar: new Uint8Array(10),
      totals,
    },
  ],
  days: ['2026-11-24'],
  dayStarts: [START - 6 * HOUR, START + 18 * HOUR],
  groupByDay: [totals],
  ms: 1,
};

describe('the trips and stops panel', () => {
  it('shows the stops first, and the trips once the person picks them, each with its export', async () => {
    fakeCloud(() => json({ paths: {} }));
    renderPage(
      <TripsPanel
        loading={false}
        channelName="Van 07"
        range={{ from: START, to: START + 6 * HOUR }}
        motion={motion}
        node={undefined}
        onNode={() => undefined}
        day=""
        onDay={() => undefined}
      />,
    );
    const choice = await screen.findByRole('radiogroup', { name: 'Table' });
    expect(within(choice).getByRole('radio', { name: 'Stops (2)' })).toBeChecked();
    expect(screen.getByRole('table', { name: 'Stops' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Trips' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export stops as CSV' })).toBeInTheDocument();

    await userEvent.click(within(choice).getByRole('radio', { name: 'Trips (1)' }));
    expect(within(choice).getByRole('radio', { name: 'Trips (1)' })).toBeChecked();
    expect(screen.getByRole('table', { name: 'Trips' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Stops' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export trips as CSV' })).toBeInTheDocument();
  });
});
