import { z } from 'zod';
import type { Alarm } from '../../contract/alarms.ts';
import { AlarmKind, AlarmSeverity } from '../../contract/alarms.ts';
import type { AlarmView } from '../store/alarms.ts';

/** What an alarm change brings streams and push: the record, and the channels it concerns. */
export interface AlarmEvent {
  type: 'raised' | 'acknowledged' | 'cleared';
  alarm: Alarm;
  /** The sensor (or node), its node and their groups: whose streams and push hear of it. */
  channelIds: number[];
  /** The node it is about (reach of fleet streams). */
  nodeId: number;
  /** When it was raised (fleet streams reach a group's member from when it joined). */
  raisedAt: number;
}

const PlaceColumn = z.object({
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  radius: z.number(),
  /** A place drawn as a polygon (docs/decisions/0173-places-drawn-on-the-map.md). */
  polygon: z.array(z.tuple([z.number(), z.number()])).optional(),
});

const moment = (ts: number | null, value: number | null) =>
  ts === null || value === null ? undefined : { ts, value };

/** The place a place alarm's row copied when the node entered it. */
function placeOf(text: string | null): Alarm['place'] {
  if (text === null) return undefined;
  const parsed = PlaceColumn.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : undefined;
}

/** An alarm's row as the API and push show it. */
export function toAlarm(row: AlarmView): Alarm {
  const alarm: Alarm = {
    id: row.uuid,
    kind: AlarmKind.parse(row.kind),
    severity: AlarmSeverity.parse(row.severity),
    state:
      row.status === 'cleared'
        ? 'cleared'
        : row.acknowledged_at === null
          ? 'raised'
          : 'acknowledged',
    tenant: row.tenant,
    channelUuid: row.channel_uuid,
    channelName: row.channel_name,
    nodeUuid: row.node_uuid,
    nodeName: row.node_name,
    raisedAt: row.raised_at ?? row.first_out_at,
  };
  if (row.direction === 'above' || row.direction === 'below') alarm.direction = row.direction;
  if (row.limit_min !== null || row.limit_max !== null) {
    alarm.limits = {
      ...(row.limit_min !== null ? { min: row.limit_min } : {}),
      ...(row.limit_max !== null ? { max: row.limit_max } : {}),
    };
  }
  const place = placeOf(row.place);
  if (place) alarm.place = place;
  const start = moment(row.first_out_at, row.first_value);
  if (start) alarm.excursionStart = start;
  const raisedBy = moment(row.raised_at, row.raised_value);
  if (raisedBy) alarm.raisedBy = raisedBy;
  const peak = moment(row.peak_at, row.peak);
  if (peak) alarm.peak = peak;
  if (row.acknowledged_at !== null) {
    alarm.acknowledged = {
      by: row.acknowledged_by ?? '',
      at: row.acknowledged_at,
      comment: row.acknowledged_comment ?? '',
    };
  }
  if (row.status === 'cleared' && row.cleared_at !== null) {
    alarm.cleared = {
      at: row.cleared_at,
      ...(row.cleared_by !== null ? { by: row.cleared_by } : {}),
      ...(row.cleared_comment !== null ? { comment: row.cleared_comment } : {}),
    };
  }
  return alarm;
}
