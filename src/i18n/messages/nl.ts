import type { MessageId } from './en.ts';
import { common } from './nl/common.ts';
import { permissions } from './nl/permissions.ts';
import { history } from './nl/history.ts';
import { fleet } from './nl/fleet.ts';
import { shell } from './nl/shell.ts';
import { alarms } from './nl/alarms.ts';
import { nodes } from './nl/nodes.ts';
import { channel } from './nl/channel.ts';
import { ui } from './nl/ui.ts';
import { signin } from './nl/signin.ts';
import { groups } from './nl/groups.ts';
import { inventory } from './nl/inventory.ts';
import { readings } from './nl/readings.ts';
import { reports } from './nl/reports.ts';
import { people } from './nl/people.ts';
import { audit } from './nl/audit.ts';
import { channelSupport } from './nl/channel-support.ts';
import { fleetDay } from './nl/fleet-day.ts';
import { connection } from './nl/connection.ts';
import { map } from './nl/map.ts';
import { notifications } from './nl/notifications.ts';

/** The Dutch catalogue: the type demands every id English has, and no other. */
export const nl: Readonly<Record<MessageId, string>> = {
  ...common,
  ...shell,
  ...permissions,
  ...fleet,
  ...history,
  ...alarms,
  ...nodes,
  ...channel,
  ...ui,
  ...signin,
  ...groups,
  ...inventory,
  ...readings,
  ...reports,
  ...people,
  ...audit,
  ...channelSupport,
  ...fleetDay,
  ...connection,
  ...map,
  ...notifications,
};
