import { useEffect, useEffectEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { segment } from '../../api/client.ts';
import { extensionsQuery } from '../../api/extensions.ts';
import { fetchHistory } from '../../api/history.ts';
import type { RangeHistory } from '../../api/history-engine/use-range-history.ts';
import type { LiveMode } from '../../api/live-events.ts';
import { useLiveEvents } from '../../api/use-live-events.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';

/** Without a stream (a foreign cloud), new readings are asked for this often: never a flood. */
const POLL_MS = 30_000;
const POLL_WORDS = '30 seconds';
/** A stream replays history from the range's end only within the last day (the cloud's rule). */
const FOLLOWABLE_MS = 24 * 60 * 60_000;
/** A range that ends this little after the page opened still ends "now" (clocks differ). */
const ENDS_NOW_MS = 60_000;
/** One poll reads at most this many pages of the interface's 10,000 readings. */
const POLL_PAGES = 5;
const PAGE_COUNT = 10_000;

export interface FollowLive {
  /** Whether the range may be followed: it ends now or within the last day. */
  followable: boolean;
  mode: LiveMode;
  /** The range's end as followed: the newest reading appended, never before the range's own. */
  to: number;
}

/**
 * "Follow live" on a history page: readings newer than the range join it through the history
 * engine's append (chart, track and raw table ask again; nothing reloads). The range keeps its
 * start and its key; its end moves to the newest reading. Through the channel's live stream when
 * the cloud offers it (replaying from the range's end, so nothing between the two is lost);
 * otherwise by asking history every 30 seconds for what is newer than the newest reading.
 */
export function useFollowLive(
  channelUuid: string,
  history: RangeHistory,
  range: TimeSpan,
  on: boolean,
): FollowLive {
  const extensions = useQuery(extensionsQuery());
  const [opened] = useState(Date.now);
  // A range that ends later than now would take the readings up to its end for already held
  // (the engine's append skips them): only a range that ends now or in the last day follows.
  const followable = range.to >= opened - FOLLOWABLE_MS && range.to <= opened + ENDS_NOW_MS;
  const streamed = extensions.data?.channelEvents === true;
  const [to, setTo] = useState(range.to);
  const [polling, setPolling] = useState<LiveMode>({ kind: 'unavailable', every: POLL_WORDS });

  const add = (items: readonly Timeslice[]) => {
    if (items.length === 0) return;
    history.engine.append(history.key, [...items]);
    const newest = items.reduce((max, item) => Math.max(max, item.ts), 0);
    setTo((current) => Math.max(current, newest));
  };
  const append = useEffectEvent(add);
  const newestNow = useEffectEvent(() => to);

  const path =
    on && followable && streamed ? `/v1/channels/${segment(channelUuid)}/events` : undefined;
  const stream = useLiveEvents(path, {
    since: Math.min(range.to + 1, opened),
    onBatch: add,
  });

  const poll = on && followable && extensions.isSuccess && !streamed;
  useEffect(() => {
    if (!poll) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const once = async () => {
      // Newest first, at most a page each: page back until the gap since the last poll is read.
      const from = newestNow() + 1;
      let end = Date.now();
      const pages: Timeslice[][] = [];
      for (let page = 0; page < POLL_PAGES && end >= from; page++) {
        const items = await fetchHistory(
          { channelUuid, from, to: end, count: PAGE_COUNT },
          controller.signal,
        );
        pages.push(items);
        const oldest = items.at(-1)?.ts;
        if (items.length < PAGE_COUNT || oldest === undefined) break;
        end = oldest - 1;
      }
      append(pages.flat().reverse());
    };
    // The next poll is a full interval after the previous answer: a slow cloud is never asked
    // twice at once.
    const loop = () => {
      once()
        .then(
          () => setPolling({ kind: 'unavailable', every: POLL_WORDS }),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const reason = error instanceof Error ? error.message : 'the cloud did not answer';
            setPolling({ kind: 'unavailable', every: POLL_WORDS, failed: reason });
          },
        )
        .finally(() => {
          if (!controller.signal.aborted) timer = setTimeout(loop, POLL_MS);
        });
    };
    // At once: what arrived between the range's end and now comes first.
    loop();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [poll, channelUuid]);

  const mode: LiveMode = !followable
    ? { kind: 'past' }
    : streamed
      ? stream
      : extensions.isSuccess
        ? polling
        : { kind: 'connecting' };
  return { followable, mode, to: Math.max(to, range.to) };
}
