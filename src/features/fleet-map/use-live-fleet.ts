import { useMemo, useState } from 'react';
import type { LiveMode, LiveState } from '../../api/live-events.ts';
import { useLiveEvents } from '../../api/use-live-events.ts';
import { segment } from '../../api/client.ts';
import { FleetBuilder, type FleetNode } from '../../lib/history/fleet-positions.ts';

export interface LiveFleetInput {
  /** What the page loaded (extension or history), complete or as it arrives. */
  nodes: readonly FleetNode[];
  /** The group shown, or the whole fleet. */
  scope: string | undefined;
  /** Following now, rather than looking at a past moment. */
  now: boolean;
  /** Which streams the cloud offers (src/api/extensions.ts). */
  offers: { fleet: boolean; channel: boolean };
  /**
   * Where the stream stands: the page asks for positions once it is open (or cannot be), so
   * that nothing falls between the answer and the stream, and asks again every minute only
   * while it is not live.
   */
  onState: (state: LiveState['kind']) => void;
  /** Reads the positions again: the stream could not replay all it missed while away. */
  onGap: () => void;
}

/**
 * The fleet, moved by ONE live stream: the fleet's (GET /v1/events) or the group's channel
 * stream, which covers its members; never one per node. Readings are gathered per animation
 * frame and folded into a FleetBuilder, which hands back the same object for every node that did
 * not change, so the list re-renders only moved rows and the map re-indexes once per frame.
 */
export function useLiveFleet(input: LiveFleetInput): {
  nodes: readonly FleetNode[];
  live: LiveMode;
} {
  const { scope, now, offers } = input;
  const offered = scope === undefined ? offers.fleet : offers.channel;
  const path =
    now && offered
      ? scope === undefined
        ? '/v1/events'
        : `/v1/channels/${segment(scope)}/events`
      : undefined;
  const key = `${scope ?? ''}|${path ?? ''}`;
  // One builder per scope and stream; what the page loads and what the stream brings meet in it.
  const builder = useMemo(() => ({ key, builder: new FleetBuilder() }), [key]);
  const [streamed, setStreamed] = useState(0);

  // What the page loaded joins the builder (the newest of each node wins)...
  const loaded = useMemo(() => {
    if (path !== undefined) builder.builder.addNodes(input.nodes);
    return input.nodes;
  }, [builder, path, input.nodes]);
  // ...and what streamed in since: the builder's list holds both, the same array while unchanged.
  const nodes = useMemo(
    () => (path === undefined ? loaded : builder.builder.nodes()),
    // `streamed` counts the batches the stream folded into the builder: its list is new then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [builder, path, loaded, streamed],
  );

  const state = useLiveEvents(path, {
    // Opened before the positions are asked for: what the answer misses, the stream brings.
    // Reconnecting, it replays from its last event; when the cloud could not, read again.
    onOpen: (open) => {
      if (open.missed) input.onGap();
    },
    onBatch: (items) => {
      builder.builder.addHistory(items);
      setStreamed((n) => n + 1);
    },
    onState: (next) => input.onState(next.kind),
  });

  const live: LiveMode = !now
    ? { kind: 'past' }
    : !offered
      ? { kind: 'unavailable', every: 'minute' }
      : state;
  return { nodes, live };
}
