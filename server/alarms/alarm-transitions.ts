import type { Store } from '../store/store.ts';
import type { AlarmRow, AlarmView } from '../store/alarms.ts';
import { toAlarm, type AlarmEvent } from './alarm-json.ts';

/**
 * What temperature and place alarms do alike in an ingestion batch's transaction (both kinds:
 * temperature-alarms.ts, place-alarms.ts): gather the batch by channel, open one alarm per
 * excursion, and say what changed.
 */

/** `items` by `key`, each list in the items' order. */
export function groupBy<T>(items: Iterable<T>, key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * `evaluate` with the alarm open before the batch; when that would open one where none was,
 * another batch of the same channel may be doing the same: take turns on the slot (PostgreSQL)
 * and look again, so one excursion makes one alarm.
 */
export async function evaluateOnce<T>(
  tx: Store,
  slot: string,
  open: AlarmRow | undefined,
  evaluate: (open: AlarmRow | undefined) => T[],
  opens: (outcomes: readonly T[]) => boolean,
): Promise<T[]> {
  const outcomes = evaluate(open);
  if (open || !opens(outcomes)) return outcomes;
  await tx.alarms.lockSlots([slot]);
  const [found] = await tx.alarms.open([slot]);
  return found ? evaluate(found) : outcomes;
}

/**
 * The events of one alarm's change in a batch: raised (as it was when raised, even when the same
 * batch also cleared it) and cleared.
 */
export function transitionEvents(
  base: Omit<AlarmEvent, 'type' | 'alarm'>,
  view: AlarmView,
  raisedNow: boolean,
  clearedNow: boolean,
): AlarmEvent[] {
  const events: AlarmEvent[] = [];
  if (raisedNow) {
    const raised = clearedNow ? { ...view, status: 'active' as const, cleared_at: null } : view;
    events.push({ ...base, type: 'raised', alarm: toAlarm(raised) });
  }
  if (clearedNow) events.push({ ...base, type: 'cleared', alarm: toAlarm(view) });
  return events;
}
