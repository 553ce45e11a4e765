import { describe, expect, it } from 'vitest';
import type { TrackColumns } from '../history-store/protocol.ts';
import { clipTracks } from './clip-tracks.ts';

const HOUR = 3_600_000;

function track(nodeName: string, hours: number[]): TrackColumns {
  const ts = Float64Array.from(hours, (h) => h * HOUR);
  return {
    nodeUuid: `${nodeName}-uuid`,
    nodeName,
    ts,
    lat: Float64Array.from(hours, (h) => 52 + h / 100),
    lon: Float64Array.from(hours, (h) => 4 + h / 100),
    x: Float64Array.from(hours),
    y: Float64Array.from(hours),
    hdop: Float64Array.from(hours, () => 1),
    calculated: Uint8Array.from(hours, (h) => (h === 30 ? 1 : 0)),
  };
}

describe('clipTracks', () => {
  it('keeps the positions of the day, every column alike, and leaves out tracks without any', () => {
    const week = [track('Van 07', [1, 10, 23, 24, 30, 47, 48, 60]), track('Van 08', [70, 80])];
    const [day2, ...others] = clipTracks(week, { from: 24 * HOUR, to: 48 * HOUR });
    expect(others).toEqual([]);
    expect(day2?.nodeName).toBe('Van 07');
    expect([...(day2?.ts ?? [])]).toEqual([24, 30, 47].map((h) => h * HOUR));
    expect([...(day2?.lat ?? [])]).toEqual([52.24, 52.3, 52.47]);
    expect([...(day2?.calculated ?? [])]).toEqual([0, 1, 0]);
  });

  it('keeps a whole track inside the span and nothing of one before it', () => {
    const tracks = [track('Van 07', [5, 6])];
    expect(clipTracks(tracks, { from: 0, to: 24 * HOUR })[0]?.ts.length).toBe(2);
    expect(clipTracks(tracks, { from: 7 * HOUR, to: 24 * HOUR })).toEqual([]);
  });
});
