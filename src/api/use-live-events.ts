import { useEffect, useEffectEvent, useState } from 'react';
import type { AlarmChange } from '../../contract/alarms.ts';
import type { LiveOpen } from '../../contract/live.ts';
import type { Timeslice } from '../../contract/timeslice.ts';
import { followLiveEvents, type LiveState } from './live-events.ts';

export interface LiveEventsOptions {
  /** On the first connection, history from this instant comes first (read once, at opening). */
  since?: number | undefined;
  /** Readings that arrived, gathered per animation frame: one page update however many came. */
  onBatch: (items: Timeslice[]) => void;
  onOpen?: (open: LiveOpen) => void;
  onState?: (state: LiveState) => void;
  /** Alarms raised, acknowledged or cleared (`event: alarm`), as they come (they are few). */
  onAlarm?: (change: AlarmChange) => void;
}

/** Hands gathered items on once per animation frame (at once where there are no frames). */
class FrameBatcher<T> {
  private items: T[] = [];
  private frame: number | undefined;
  private readonly deliver: (items: T[]) => void;

  constructor(deliver: (items: T[]) => void) {
    this.deliver = deliver;
  }

  add(items: readonly T[]): void {
    for (const item of items) this.items.push(item);
    if (this.frame !== undefined) return;
    this.frame = requestAnimationFrame(() => this.flush());
  }

  flush(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    if (this.items.length === 0) return;
    const items = this.items;
    this.items = [];
    this.deliver(items);
  }

  cancel(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.items = [];
  }
}

/**
 * One live stream of our cloud for as long as the component shows `path` (undefined: none), its
 * readings gathered per animation frame; stopped when the page is left or the path changes.
 * Answers where the stream stands, for the page to say.
 */
export function useLiveEvents(path: string | undefined, options: LiveEventsOptions): LiveState {
  // Tagged with its path: another path's stream (the group before) says nothing of this one's.
  const [state, setState] = useState<{ path: string; state: LiveState }>();
  const sinceNow = useEffectEvent(() => options.since);
  const onBatch = useEffectEvent((items: Timeslice[]) => options.onBatch(items));
  const onAlarm = useEffectEvent((change: AlarmChange) => options.onAlarm?.(change));
  const onOpen = useEffectEvent((open: LiveOpen) => options.onOpen?.(open));
  const onState = useEffectEvent((next: LiveState) => {
    if (path !== undefined) setState({ path, state: next });
    // The header's badge hears the stream itself (followLiveEvents reports each connection's
    // outcome to api/network-status.ts), so the page and the badge say the same without a ping.
    options.onState?.(next);
  });

  useEffect(() => {
    if (path === undefined) return;
    const batcher = new FrameBatcher<Timeslice>((items) => onBatch(items));
    const since = sinceNow();
    const stop = followLiveEvents(
      path,
      {
        onTimeslices: (items) => batcher.add(items),
        onOpen: (open) => {
          // The replay is drawn at once, before the page says it is live.
          batcher.flush();
          onOpen(open);
        },
        onState,
        onAlarm,
      },
      since === undefined ? {} : { since },
    );
    return () => {
      stop();
      batcher.cancel();
    };
  }, [path]);

  return state !== undefined && state.path === path ? state.state : { kind: 'connecting' };
}
