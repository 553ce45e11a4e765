import { common } from './en/common.ts';
import { permissions } from './en/permissions.ts';
import { history } from './en/history.ts';
import { fleet } from './en/fleet.ts';
import { shell } from './en/shell.ts';
import { alarms } from './en/alarms.ts';
import { nodes } from './en/nodes.ts';
import { channel } from './en/channel.ts';
import { ui } from './en/ui.ts';
import { signin } from './en/signin.ts';
import { groups } from './en/groups.ts';
import { inventory } from './en/inventory.ts';
import { readings } from './en/readings.ts';
import { reports } from './en/reports.ts';
import { people } from './en/people.ts';
import { audit } from './en/audit.ts';
import { channelSupport } from './en/channel-support.ts';
import { fleetDay } from './en/fleet-day.ts';
import { connection } from './en/connection.ts';
import { map } from './en/map.ts';
import { notifications } from './en/notifications.ts';

/**
 * The English catalogue, the source of every message id. One file per area of the console, so
 * that people adding pages side by side touch different files (docs/i18n.md).
 */
export const en = {
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

/** Each area's messages, for the test that no two areas use the same id. */
export const enAreas = [
  common,
  shell,
  permissions,
  fleet,
  history,
  alarms,
  nodes,
  channel,
  ui,
  signin,
  groups,
  inventory,
  readings,
  reports,
  people,
  audit,
  channelSupport,
  fleetDay,
  connection,
  map,
  notifications,
];

export type MessageId = keyof typeof en;
