import type { ChannelRecord } from '../../contract/channel.ts';
import type { GatewayMessage } from '../schemas/ingest.ts';
import type { Channel } from '../store/channels.ts';
import type { Grant } from '../store/users.ts';
import { hashPassword, TEST_SCRYPT } from '../auth/passwords.ts';
import type { Answer, DemoUser, TestCloud } from './harness.ts';

export interface TestGateway {
  uuid: string;
  serial: string;
  key: string;
}

export async function registerGateway(
  cloud: TestCloud,
  serial = 'GW-TEST-1',
  as: DemoUser = 'admin',
): Promise<TestGateway> {
  const answer = await cloud.call('POST', `/v1/gateways/${serial}`, {
    query: { name: `Gateway ${serial}` },
    as,
  });
  if (answer.status !== 200) throw new Error(`gateway registration failed: ${answer.text}`);
  const body = answer.json as { channel: ChannelRecord; key: string };
  return { uuid: body.channel.uuid, serial, key: body.key };
}

export async function commission(
  cloud: TestCloud,
  serial: string,
  options: { name?: string; group?: string; as?: DemoUser } = {},
): Promise<ChannelRecord> {
  const query: Record<string, string> = { name: options.name ?? `Node ${serial}` };
  if (options.group) query.channelUuid = options.group;
  const answer = await cloud.call('POST', `/v1/nodes/${serial}`, {
    query,
    as: options.as ?? 'admin',
  });
  if (answer.status !== 200) throw new Error(`commissioning failed: ${answer.text}`);
  return (answer.json as ChannelRecord[])[0] as ChannelRecord;
}

export async function createGroup(cloud: TestCloud, name: string, as: DemoUser = 'admin') {
  const answer = await cloud.call('POST', `/v1/groups/${encodeURIComponent(name)}`, { as });
  if (answer.status !== 200) throw new Error(`group creation failed: ${answer.text}`);
  return answer.json as ChannelRecord;
}

export function ingest(
  cloud: TestCloud,
  gateway: TestGateway,
  messages: GatewayMessage[],
): Promise<Answer> {
  const basic = Buffer.from(`${gateway.serial}:${gateway.key}`).toString('base64');
  return cloud.call('POST', '/v1/ingest', {
    as: null,
    headers: { authorization: `Basic ${basic}` },
    body: { messages },
  });
}

export const temp = (node: string, ts: number, temperature: number): GatewayMessage => ({
  node,
  sensor: 'temp',
  type: 'TEMP',
  ts,
  value: { ts: Math.floor(ts / 1000), temperature },
});

export const gps = (node: string, ts: number, lat: number, lon: number): GatewayMessage => ({
  node,
  sensor: 'gps',
  type: 'GPS',
  ts,
  value: { ts: Math.floor(ts / 1000), lat, lon, hdop: 1.2, fix: 3, view: 9 },
});

export const conn = (node: string, ts: number, fn: number, version: number): GatewayMessage => ({
  node,
  sensor: 'conn',
  type: 'CONN',
  ts,
  value: { function: fn, version },
});

/** The stored channel, for what the API cannot show (owner, ids). */
export async function channelOf(cloud: TestCloud, uuid: string): Promise<Channel> {
  const channel = await cloud.store.channels.findByUuid(uuid);
  if (!channel) throw new Error(`no channel ${uuid}`);
  return channel;
}

/** Gives a user access to a channel, as an operator would: the interface has no operation for it. */
export async function grantAccess(cloud: TestCloud, user: DemoUser, uuid: string): Promise<void> {
  await cloud.store.channels.grantAccess(cloud.ids[user], (await channelOf(cloud, uuid)).id);
}

/** A user with exactly these grants (in a permission set of its own), for one-permission tests. */
export async function createUser(
  cloud: TestCloud,
  username: string,
  grants: readonly Grant[],
  tenant = 'demo',
): Promise<{ username: string; password: string; id: number }> {
  const password = `pw-${username}`;
  const { users } = cloud.store;
  const user = await users.create({
    username,
    name: username,
    email: `${username}@test.local`,
    tenant,
    passwordHash: await hashPassword(password, TEST_SCRYPT),
    now: cloud.clock.now,
  });
  await users.definePermissionSet(`set-${username}`, `test user ${username}`, grants);
  await users.setPermissionSets(user.id, [`set-${username}`]);
  return { username, password, id: user.id };
}

/** Channel uuids of a node's sensors, by sensor name, as the listing shows them. */
export async function sensorsOf(
  cloud: TestCloud,
  nodeName: string,
): Promise<Record<string, string>> {
  const answer = await cloud.call('GET', '/v1/channels', {
    query: { channelType: 'SENSOR', filter: `${nodeName}/` },
  });
  const sensors: Record<string, string> = {};
  for (const record of answer.json as ChannelRecord[]) {
    sensors[record.name.slice(record.name.lastIndexOf('/') + 1)] = record.uuid;
  }
  return sensors;
}
