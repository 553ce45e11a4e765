import type { MessageId } from './en.ts';
import { common } from './nl/common.ts';
import { permissions } from './nl/permissions.ts';
import { history } from './nl/history.ts';
import { fleet } from './nl/fleet.ts';
import { shell } from './nl/shell.ts';
import { alarms } from './nl/alarms.ts';
import { nodes } from './nl/nodes.ts';
import { channel } from './nl/channel.ts';
import { fleetDay } from './nl/fleet-day.ts';

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
  ...fleetDay,
};
