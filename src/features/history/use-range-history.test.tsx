import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { fetchSpan } from '../../lib/history/fetch-span.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { fakeHistory, slice } from '../../test/fake-history.ts';
import { useRangeHistory } from './use-range-history.ts';

const DAY = 86_400_000;
const end = Date.UTC(2026, 10, 21);
const range = { from: end - 3 * DAY, to: end };
const data = Array.from({ length: 72 }, (_, h) =>
  slice({ ts: end - h * 3_600_000, type: 'TEMP', value: { temperature: h } }),
);

/** A cloud whose answers can be held back or made to fail, with every request recorded. */
function controllableCloud() {
  const { fetchPage, requests } = fakeHistory(data);
  const failing = new Set<number>();
  const load = (span: TimeSpan, signal: AbortSignal) =>
    fetchSpan(
      span,
      async (request, s) => {
        if (failing.has(request.to)) throw new Error('The cloud cannot be reached.');
        return fetchPage(request, s);
      },
      signal,
    );
  return { load, requests, failing };
}

describe('useRangeHistory', () => {
  it('loads a three-day range as three pieces and reports each as it arrives', async () => {
    const cloud = controllableCloud();
    const { result } = renderHook(() => useRangeHistory('a', range, cloud.load));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(result.current.pieces).toHaveLength(3);
    expect(result.current.done).toBe(3);
    expect(result.current.items.map((d: Timeslice) => d.ts)).toEqual(data.map((d) => d.ts));
    expect(cloud.requests).toHaveLength(3);
  });

  it('keeps what arrived after a failure and resumes with only the missing piece', async () => {
    const cloud = controllableCloud();
    cloud.failing.add(range.to - DAY - 1);
    const { result } = renderHook(() => useRangeHistory('b', range, cloud.load));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toEqual(new Error('The cloud cannot be reached.'));
    expect(result.current.done).toBe(2);
    const before = cloud.requests.length;
    cloud.failing.clear();
    act(() => result.current.resume());
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(cloud.requests.slice(before).map((r) => r.to)).toEqual([range.to - DAY - 1]);
    expect(result.current.items).toHaveLength(data.length);
  });

  it('stops when cancelled and starts over for another range', async () => {
    const cloud = controllableCloud();
    const { result, rerender } = renderHook(({ k, r }) => useRangeHistory(k, r, cloud.load), {
      initialProps: { k: 'c', r: range },
    });
    act(() => result.current.cancel());
    expect(result.current.status).toBe('cancelled');
    const other = { from: end - DAY, to: end };
    rerender({ k: 'd', r: other });
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(result.current.pieces).toEqual([other]);
    expect(result.current.items.every((d: Timeslice) => d.ts >= other.from)).toBe(true);
  });
});
