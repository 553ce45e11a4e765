import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { localEngine } from '../../api/history-engine/local-engine.ts';
import type { RangeHistory, RangeProgress } from '../../api/history-engine/use-range-history.ts';
import { splitRange, type TimeSpan } from '../../lib/history/split-range.ts';
import { formatMinute } from '../../lib/history/format-time.ts';
import { fakeCloud, json } from '../../test/render.tsx';
import { slice } from '../../test/fake-history.ts';
import { ExportMenu } from './export-menu.tsx';
import { applyLanguage } from '../../i18n/i18n.ts';
import { LoadProgress } from './load-progress.tsx';
import { NothingYet } from './nothing-yet.tsx';
import { RangePicker } from './range-picker.tsx';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 21, 12, 0);
const show = (element: ReactElement) =>
  render(<MantineProvider env="test">{element}</MantineProvider>);

afterEach(() => vi.restoreAllMocks());

describe('RangePicker', () => {
  it('offers presets ending now and marks the one in use', async () => {
    const onChange = vi.fn();
    show(<RangePicker range={{ from: now - DAY, to: now }} onChange={onChange} now={() => now} />);
    expect(screen.getByRole('button', { name: 'Last 24 hours' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(onChange).toHaveBeenCalledWith({ from: now - 7 * DAY, to: now });
    expect(
      screen.getByText(/1 day in 1 request of at most one day · times in .+ \(UTC[+-]\d\d:\d\d\)/),
    ).toBeVisible();
  });

  it('takes a custom range and refuses one that ends before it starts', async () => {
    const onChange = vi.fn();
    show(<RangePicker range={{ from: now - DAY, to: now }} onChange={onChange} now={() => now} />);
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, formatMinute(now + DAY));
    await userEvent.click(screen.getByRole('button', { name: 'Show range' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The range must end after it starts.');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.clear(from);
    await userEvent.type(from, formatMinute(now - 3 * DAY));
    await userEvent.click(screen.getByRole('button', { name: 'Show range' }));
    expect(onChange).toHaveBeenCalledWith({ from: now - 3 * DAY, to: now });
  });
});

/** A range of `days` whose load stands where `progress` says, for what shows it. */
function history(
  progress: Partial<RangeProgress>,
  days = 3,
): RangeHistory & { cancel: Mock; resume: Mock } {
  const pieces = splitRange({ from: now - days * DAY, to: now });
  const current: RangeProgress = {
    loaded: pieces.map(() => false),
    messages: 0,
    version: 0,
    status: 'loading',
    error: undefined,
    done: 0,
    ...progress,
  };
  return {
    key: 'k',
    engine: localEngine(),
    pieces,
    progress: () => current,
    subscribe: () => () => undefined,
    cancel: vi.fn(),
    resume: vi.fn(),
  };
}

describe('LoadProgress', () => {
  it('can be cancelled while loading, and resumed after a failure', async () => {
    const loading = history({ done: 1 });
    const { unmount } = show(<LoadProgress history={loading} />);
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 days loaded, 0 messages');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(loading.cancel).toHaveBeenCalled();
    unmount();

    const failed = history({
      done: 2,
      status: 'failed',
      error: new Error('The cloud cannot be reached.'),
    });
    show(<LoadProgress history={failed} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The cloud cannot be reached.');
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(failed.resume).toHaveBeenCalled();
  });

  it('offers no Resume for what the cloud refused, and says so quietly', () => {
    const message = 'Refused: reading history needs READ on assets.history in tenant acme.';
    show(
      <LoadProgress
        history={history({
          done: 0,
          status: 'failed',
          error: new ApiError(403, 'FORBIDDEN', message),
        })}
      />,
    );
    expect(screen.getByText(message)).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('says a channel gone out of reach in words, not in the cloud’s sentence with its UUID', () => {
    const uuid = '5f0c3a52-86f5-4f1e-9a5e-0d6a3b7e8c21';
    const message = `Channel ${uuid} does not exist or is not within your reach.`;
    show(
      <LoadProgress
        history={history({
          done: 1,
          status: 'failed',
          error: new ApiError(404, 'NOT_FOUND', message),
        })}
      />,
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      'This channel does not exist any more, or it is now out of your reach.',
    );
    expect(document.body).not.toHaveTextContent(uuid);
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('speaks Dutch, with Dutch plurals and the locale’s digits, and says the same of a bad answer', async () => {
    applyLanguage('nl', ['nl-NL']);
    const loading = history({ done: 1, messages: 12_345 });
    const { unmount } = show(<LoadProgress history={loading} />);
    expect(screen.getByRole('status')).toHaveTextContent('1 van 3 dagen geladen, 12.345 berichten');
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeVisible();
    unmount();

    show(
      <LoadProgress
        history={history({
          done: 2,
          status: 'failed',
          error: new ApiError(200, 'INVALID_RESPONSE', 'body.items[3].ts must be a number'),
        })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Een deel van de periode kon niet worden geladen',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Het antwoord van de cloud met de geschiedenis volgt de interface niet: body.items[3].ts must be a number.',
    );
    expect(screen.getByRole('button', { name: 'Hervatten' })).toBeVisible();
  });
});

describe('NothingYet', () => {
  it('says what is missing in the page’s language, as a sentence of its own', () => {
    applyLanguage('nl', ['nl-NL']);
    const { unmount } = show(<NothingYet what="temperatures" history={history({ done: 2 }, 7)} />);
    expect(
      screen.getByText(
        'Temperaturen laden… nog geen in de 2 van 7 dagen die tot nu toe zijn geladen.',
      ),
    ).toBeVisible();
    unmount();
    show(<NothingYet what="conn" history={history({ status: 'done', done: 3 })} />);
    expect(screen.getByText('Geen verbindingsberichten in deze periode.')).toBeVisible();
  });
});

describe('ExportMenu', () => {
  it('writes the whole range into one CSV file, oldest first, and offers it for download', async () => {
    const range: TimeSpan = { from: now - 3 * DAY, to: now };
    const data = [5, 30, 55].map((h) =>
      slice({ ts: now - h * 3_600_000, type: 'TEMP', value: { temperature: h } }),
    );
    // The cloud answers each day's request with the readings in it, newest first.
    fakeCloud((url) => {
      const from = Number(url.searchParams.get('from'));
      const to = Number(url.searchParams.get('to'));
      return json(data.filter((d) => d.ts >= from && d.ts <= to));
    });
    let file: Blob | undefined;
    URL.createObjectURL = (blob: Blob) => {
      file = blob;
      return 'blob:export';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const engine = localEngine();
    const key = 'van07';
    engine.open(key, '00000000-0000-4000-8000-000000000007', range, () => undefined);
    show(
      <ExportMenu channelName="Van 07" range={range} history={{ ...history({}), key, engine }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('Van-07_2026-11-18T1200_2026-11-21T1200.csv');
    const lines = (await file?.text())?.split('\r\n') ?? [];
    expect(lines).toHaveLength(5);
    expect(lines.slice(1, 4).map((line) => line.split(',')[11])).toEqual(['55', '30', '5']);
  });
});
