import { createContext, useContext } from 'react';
import type { Alarm } from '../../../contract/alarms.ts';

/**
 * Alarms the console raises itself from a cloud without the alarms extension, while it is open
 * (features/alarms/local-alarm-watch.tsx). Undefined where the cloud raises them, or nobody
 * watches (no history may be read).
 */
export interface LocalAlarms {
  /** When this console began watching (it looks back a day for what is going on). */
  since: number;
  /** The first look at the data is done: until then, no alarm is said to be missing. */
  ready: boolean;
  /** Newest raised first: active ones, and those cleared while the console was open. */
  alarms: readonly Alarm[];
  /** How many nodes a rule concerns (0: no channel names limits or silence). */
  watched: number;
  /** What the last look could not read, in the cloud's words. */
  failures: readonly string[];
  /** Acknowledge or clear with a comment: kept in this browser only. */
  decide(id: string, action: 'acknowledge' | 'clear', comment: string): void;
}

export const LocalAlarmsContext = createContext<LocalAlarms | undefined>(undefined);

export const useLocalAlarms = (): LocalAlarms | undefined => useContext(LocalAlarmsContext);
