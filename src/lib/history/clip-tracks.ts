import type { TrackColumns } from '../history-store/protocol.ts';
import type { TimeSpan } from './split-range.ts';

/** The first index whose time is at or after `ts`, in times sorted oldest first. */
function firstAtOrAfter(times: Float64Array, ts: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] ?? Infinity) < ts) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The part of each track within `span` (from inclusive, to exclusive), as views on the same
 * arrays (no copy); tracks with no position in it are left out. A day picked for stops shows that
 * day's track, not the whole range's.
 */
export function clipTracks(tracks: readonly TrackColumns[], span: TimeSpan): TrackColumns[] {
  return tracks.flatMap((track) => {
    const start = firstAtOrAfter(track.ts, span.from);
    const end = firstAtOrAfter(track.ts, span.to);
    if (end <= start) return [];
    return [
      {
        nodeUuid: track.nodeUuid,
        nodeName: track.nodeName,
        ts: track.ts.subarray(start, end),
        lat: track.lat.subarray(start, end),
        lon: track.lon.subarray(start, end),
        x: track.x.subarray(start, end),
        y: track.y.subarray(start, end),
        hdop: track.hdop.subarray(start, end),
        calculated: track.calculated.subarray(start, end),
      },
    ];
  });
}
