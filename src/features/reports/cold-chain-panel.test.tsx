import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ColdChainAnswer,
  ExcursionRow,
  SensorColdChain,
} from '../../lib/history-store/protocol.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { ColdChainPanel } from './cold-chain-panel.tsx';

const START = Date.UTC(2026, 10, 24, 17, 12, 48, 120);
const limits = { min: 2, max: 8, source: 'group', from: ['Cold chain'] } as const;
const excursion: ExcursionRow = {
  start: START,
  end: START + 30 * 60_000,
  side: 'above',
  peak: 11.5,
  peakTs: START + 10 * 60_000,
  readings: 7,
  ongoing: false,
  gap: false,
  nodeUuid: 'n1',
  nodeName: 'Reefer 05',
  sensorUuid: 's1',
  lat: 52.3,
  lon: 4.8,
  positionTs: Number.NaN,
  limits: { ...limits, from: [...limits.from] },
};
const sensor: SensorColdChain = {
  sensorUuid: 's1',
  nodeUuid: 'n1',
  label: 'Reefer 05 · temp',
  nodeName: 'Reefer 05',
  limits: { ...limits, from: [...limits.from] },
  readings: 100,
  min: 3,
  mean: 5,
  max: 11.5,
  inRange: 0.98,
  coveredMs: 86_400_000,
  excursions: 1,
  longestMs: 30 * 60_000,
};
const answer: ColdChainAnswer = {
  sensors: [sensor],
  excursions: [excursion],
  groupInRange: 0.98,
  problems: [],
};

/** The text of the file the next click on `button` hands to the browser. */
async function downloaded(button: string): Promise<string> {
  let file: Blob | undefined;
  URL.createObjectURL = (blob: Blob) => {
    file = blob;
    return 'blob:csv';
  };
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  await userEvent.click(screen.getByRole('button', { name: button }));
  await vi.waitFor(() => expect(click).toHaveBeenCalled());
  click.mockRestore();
  return (await file?.text()) ?? '';
}

// The machine may run in UTC, where both choices would write the same file: the person here is
// in Amsterdam, as in the issue.
beforeEach(() => {
  vi.stubEnv('TZ', 'Europe/Amsterdam');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('the cold chain’s CSV', () => {
  it('writes times in the page’s zone with the offset, or in UTC when the person picks it, and says which', async () => {
    const pageZone = 'Europe/Amsterdam';
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(pageZone);
    // A cloud without the geocoder: the place is the coordinates.
    fakeCloud(() => json({ paths: {} }));
    renderPage(
      <ColdChainPanel
        loading={false}
        channelName="Cold chain"
        range={{ from: START - 86_400_000, to: START + 86_400_000 }}
        answer={answer}
        notes={[]}
        shown={[]}
        onShow={() => undefined}
        banded={false}
        onExcursion={() => undefined}
      />,
    );
    const zone = await screen.findByRole('combobox', { name: 'Times in the CSV' });
    expect(zone).toHaveDisplayValue(`${pageZone} (as on this page)`);
    const [header, row] = (await downloaded('Export excursions as CSV')).split('\r\n');
    expect(header?.split(',').slice(0, 3)).toEqual([
      'node',
      `start (${pageZone})`,
      `end (${pageZone})`,
    ]);
    // ISO 8601 with the zone's offset: the wall time the page shows, the same instant.
    expect(row?.split(',').slice(0, 3)).toEqual([
      'Reefer 05',
      '2026-11-24T18:12:48.120+01:00',
      '2026-11-24T18:42:48.120+01:00',
    ]);
    expect(Date.parse('2026-11-24T18:12:48.120+01:00')).toBe(START);

    await userEvent.selectOptions(zone, 'UTC');
    const [utcHeader, utcRow] = (await downloaded('Export excursions as CSV')).split('\r\n');
    expect(utcHeader).toContain('start (UTC),end (UTC),duration_s,side,peak_c,peak_time (UTC)');
    expect(utcHeader).toContain('position_time (UTC)');
    expect(utcRow?.split(',').slice(0, 3)).toEqual([
      'Reefer 05',
      '2026-11-24T17:12:48.120Z',
      '2026-11-24T17:42:48.120Z',
    ]);
  });
});
