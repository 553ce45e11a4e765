import { t, type MessageId } from '../../i18n/i18n.ts';
import { formatAgo } from '../../lib/history/format-time.ts';
import { formatDegrees } from '../../lib/format-number.ts';
import type { NodeState } from '../../lib/live/node-state.ts';

/** A node's state in the person's language (the map's colours say the same). */
const stateIds: Record<NodeState, MessageId> = {
  moving: 'fleetMap.state.moving',
  parked: 'fleetMap.state.parked',
  silent: 'fleetMap.state.silent',
};

export const stateWord = (state: NodeState) => t(stateIds[state]);

/** "15 minutes", "an hour", "6 hours": the silence the person chose. */
export function silenceWords(minutes: number): string {
  return minutes % 60 === 0
    ? t('fleetMap.hours', { n: minutes / 60 })
    : t('fleetMap.minutes', { n: minutes });
}

/** "12 s ago" while live (it counts up every second), then "3 min ago". */
export function lastSeenWords(ts: number, now: number): string {
  const s = Math.max(0, Math.floor((now - ts) / 1000));
  return s < 60 ? t('fleetMap.secondsAgo', { s }) : formatAgo(ts, now);
}

export const degrees = (value: number) => formatDegrees(value);
