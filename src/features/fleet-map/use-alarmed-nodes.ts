import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Alarm } from '../../../contract/alarms.ts';
import {
  activeAlarmsQuery,
  alarmChangesKey,
  laterOf,
  type StreamedAlarm,
} from '../../api/alarms.ts';
import { extensionsQuery } from '../../api/extensions.ts';
import { useLocalAlarms } from '../../lib/alarms/local-alarms-context.ts';

/** A change heard this long before the list's answer is in that answer (or no longer active). */
const IN_FLIGHT_MS = 2_000;

const nodesOf = (alarms: Iterable<Alarm>): ReadonlySet<string> => {
  const nodes = new Set<string>();
  for (const alarm of alarms) if (alarm.state !== 'cleared') nodes.add(alarm.nodeUuid);
  return nodes;
};

/**
 * The nodes with an active alarm, for the Fleet map's red markers and its list's filter:
 * the cloud's active alarms of the scope (one request per thousand), moved on by the live
 * stream's `event: alarm` as they come (use-fleet-positions.ts records them); against a cloud
 * without alarms, those this console raises itself. Undefined when nobody raises alarms.
 */
export function useAlarmedNodes(scope: string | undefined): ReadonlySet<string> | undefined {
  const extensions = useQuery(extensionsQuery());
  const offered = extensions.data?.alarms === true;
  const local = useLocalAlarms();
  const active = useQuery({ ...activeAlarmsQuery(scope), enabled: offered });
  const changes = useQuery({
    queryKey: alarmChangesKey,
    queryFn: () => new Map<string, StreamedAlarm>() as ReadonlyMap<string, StreamedAlarm>,
    staleTime: Infinity,
    enabled: offered,
  });
  const localAlarms = local?.alarms;
  const { data: listed, dataUpdatedAt } = active;
  return useMemo(() => {
    if (!offered) return localAlarms ? nodesOf(localAlarms) : undefined;
    if (!listed) return undefined;
    const byId = new Map(listed.map((alarm) => [alarm.id, alarm]));
    for (const [id, { alarm, at }] of changes.data ?? []) {
      const known = byId.get(id);
      // An alarm the newer list leaves out is no longer active.
      if (known) byId.set(id, laterOf(known, alarm));
      else if (at > dataUpdatedAt - IN_FLIGHT_MS) byId.set(id, alarm);
    }
    return nodesOf(byId.values());
  }, [offered, localAlarms, listed, dataUpdatedAt, changes.data]);
}
