import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSpan } from '../../lib/history/fetch-span.ts';
import { splitRange, type TimeSpan } from '../../lib/history/split-range.ts';
import { toLocalInput } from '../../lib/history/time-range.ts';
import { fakeHistory, slice } from '../../test/fake-history.ts';
import { ApiError } from '../../api/errors.ts';
import { ExportMenu } from './export-menu.tsx';
import { HistoryView } from './history-view.tsx';
import { LoadProgress } from './load-progress.tsx';
import { RangePicker } from './range-picker.tsx';
import type { RangeHistory } from './use-range-history.ts';

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
    await userEvent.type(from, toLocalInput(now + DAY));
    await userEvent.click(screen.getByRole('button', { name: 'Show range' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The range must end after it starts.');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.clear(from);
    await userEvent.type(from, toLocalInput(now - 3 * DAY));
    await userEvent.click(screen.getByRole('button', { name: 'Show range' }));
    expect(onChange).toHaveBeenCalledWith({ from: now - 3 * DAY, to: now });
  });
});

function history(overrides: Partial<RangeHistory>): RangeHistory {
  return {
    pieces: splitRange({ from: now - 3 * DAY, to: now }),
    loaded: [],
    items: [],
    status: 'loading',
    error: undefined,
    done: 0,
    cancel: vi.fn(),
    resume: vi.fn(),
    ...overrides,
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
});

describe('a range that is still arriving', () => {
  it('says its panels are loading, not that the range holds nothing', () => {
    const range: TimeSpan = { from: now - 7 * DAY + 1, to: now };
    const pieces = splitRange(range);
    const conn = slice({ ts: now - 3_600_000, type: 'CONN', value: { function: 3, version: 9 } });
    const loading = history({ pieces, loaded: [[conn]], items: [conn], done: 1 });
    const { unmount } = show(
      <HistoryView
        channelName="Van 07"
        range={range}
        history={loading}
        loadPiece={async () => []}
      />,
    );
    expect(
      screen.getByText('Loading temperatures… none in the 1 of 7 days loaded so far.'),
    ).toBeVisible();
    expect(
      screen.getByText('Loading positions… none in the 1 of 7 days loaded so far.'),
    ).toBeVisible();
    expect(screen.queryByText(/No temperatures in this range/)).toBeNull();
    unmount();
    show(
      <HistoryView
        channelName="Van 07"
        range={range}
        history={{ ...loading, status: 'done', done: 7, loaded: pieces.map(() => []) }}
        loadPiece={async () => []}
      />,
    );
    expect(screen.getByText('No temperatures in this range.')).toBeVisible();
  });
});

describe('ExportMenu', () => {
  it('writes the whole range into one CSV file, oldest first, and offers it for download', async () => {
    const range: TimeSpan = { from: now - 3 * DAY, to: now };
    const data = [5, 30, 55].map((h) =>
      slice({ ts: now - h * 3_600_000, type: 'TEMP', value: { temperature: h } }),
    );
    const { fetchPage } = fakeHistory(data);
    let file: Blob | undefined;
    URL.createObjectURL = (blob: Blob) => {
      file = blob;
      return 'blob:export';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    show(
      <ExportMenu
        channelName="Van 07"
        range={range}
        pieces={splitRange(range)}
        loadPiece={(span, signal) => fetchSpan(span, fetchPage, signal)}
      />,
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
