import { randomUUID } from 'node:crypto';
import type { ChannelType } from '../../../contract/channel.ts';
import type {
  Channel,
  ChannelName,
  ChannelStore,
  ChannelSummary,
  NewChannel,
  NewSensor,
  PushSettings,
} from '../channels.ts';
import { StoreConflict } from '../errors.ts';
import { isUniqueViolation, type SqliteScope } from './database.ts';
import {
  channelColumns,
  maybe,
  summaryColumns,
  toChannel,
  toChannels,
  toSummaries,
} from './rows.ts';

const byUuid = `SELECT ${channelColumns} FROM channels WHERE uuid = ?`;
const byId = `SELECT ${channelColumns} FROM channels WHERE id = ?`;
const nameOf =
  'SELECT id, uuid, name, sensor_name AS sensorName, node_id AS nodeId FROM channels WHERE id = ?';
const reachable = `
  SELECT EXISTS (
    SELECT 1 FROM channels WHERE id IN ($c, $node) AND owner_id = $u
    UNION ALL
    SELECT 1 FROM channel_grants WHERE user_id = $u AND channel_id IN ($c, $node)
    UNION ALL
    SELECT 1 FROM group_members gm JOIN channels g ON g.id = gm.group_id
    WHERE gm.member_id IN ($c, $node)
      AND (g.owner_id = $u OR EXISTS (
        SELECT 1 FROM channel_grants a WHERE a.user_id = $u AND a.channel_id = g.id))
  ) AS ok`;
const insert = `
  INSERT INTO channels (uuid, type, name, tenant, owner_id, reference, node_id, sensor_name,
                        value_type, created_at)
  VALUES ($uuid, $type, $name, $tenant, $owner, $reference, $node, $sensor, $valueType, $now)
  RETURNING ${channelColumns}`;
const grant = 'INSERT OR IGNORE INTO channel_access (user_id, channel_id) VALUES (?, ?)';
const commissioned = `
  SELECT ${channelColumns} FROM channels
  WHERE reference = ? AND active = 1 AND type IN ('NODE','GATEWAY')`;
const sensorOf = `
  SELECT ${channelColumns} FROM channels WHERE node_id = ? AND sensor_name = ? AND type = 'SENSOR'`;
const sensorsOfNode = `
  SELECT ${channelColumns} FROM channels WHERE node_id = ? AND type = 'SENSOR' ORDER BY name`;

/**
 * Reach = owned or granted channels (directly, or through a permission set that names a group:
 * the channel_grants view of migration 6), the members of reachable groups, and the sensors of
 * every reachable node (docs/decisions/0001-permissions-and-reach.md, "Permissions and reach"). One statement per channel
 * type, with the type in the SQL, so that owned channels come straight from the (owner_id, type)
 * index and sensors are only gathered when sensors are asked for: a user owning 10000 nodes and
 * their 30000 sensors lists the nodes without touching the sensors. `$u` is the user's id; the
 * latest-positions extension (positions.ts) reads other columns of the same reach.
 */
export function reachableListSql(type: ChannelType | null, columns = summaryColumns): string {
  const ofType = type === null ? '' : ` AND type = '${type}'`;
  const withSensors = type === null || type === 'SENSOR';
  return `
    WITH groups_in_reach(id) AS (
      SELECT id FROM channels WHERE owner_id = $u AND type = 'GROUP'
      UNION SELECT a.channel_id FROM channel_grants a JOIN channels g ON g.id = a.channel_id
      WHERE a.user_id = $u AND g.type = 'GROUP'
    ),
    base(id) AS (
      SELECT id FROM channels WHERE owner_id = $u${ofType}
      UNION SELECT channel_id FROM channel_grants WHERE user_id = $u
      UNION SELECT gm.member_id FROM groups_in_reach g JOIN group_members gm ON gm.group_id = g.id
    ),
    reach(id) AS (
      SELECT id FROM base
      ${withSensors ? "UNION SELECT s.id FROM base b JOIN channels s ON s.node_id = b.id AND s.type = 'SENSOR'" : ''}
    )
    SELECT ${columns} FROM channels
    WHERE id IN (SELECT id FROM reach)${ofType}
    ORDER BY name COLLATE NOCASE, id`;
}

export class SqliteChannelStore implements ChannelStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  findByUuid(uuid: string): Promise<Channel | undefined> {
    return this.s.run(() => maybe(this.s.prepare(byUuid).get(uuid.toLowerCase()), toChannel));
  }

  findById(id: number): Promise<Channel | undefined> {
    return this.s.run(() => maybe(this.s.prepare(byId).get(id), toChannel));
  }

  namesOf(ids: readonly number[]): Promise<ChannelName[]> {
    return this.s.run(() => {
      const statement = this.s.prepare(nameOf);
      const names: ChannelName[] = [];
      for (const id of ids) {
        const row = statement.get(id) as ChannelName | undefined;
        if (row !== undefined) names.push(row);
      }
      return names;
    });
  }

  isReachable(userId: number, channel: Channel): Promise<boolean> {
    return this.s.run(() => {
      const row = this.s
        .prepare(reachable)
        .get({ $u: userId, $c: channel.id, $node: channel.nodeId ?? -1 }) as { ok: number };
      return row.ok === 1;
    });
  }

  listReachable(userId: number, type?: ChannelType): Promise<ChannelSummary[]> {
    return this.s.run(() =>
      toSummaries(this.s.prepare(reachableListSql(type ?? null)).all({ $u: userId })),
    );
  }

  create(input: NewChannel): Promise<Channel> {
    return this.s.run(() => {
      try {
        return this.insert(input);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new StoreConflict(
            `Serial ${input.reference ?? input.name} is already commissioned.`,
          );
        }
        throw error;
      }
    });
  }

  ensureSensors(sensors: readonly NewSensor[]): Promise<Channel[]> {
    return this.s.atomically(() => {
      const statement = this.s.prepare(sensorOf);
      return sensors.map((input) => {
        const existing = statement.get(input.nodeId, input.sensorName);
        return existing === undefined ? this.insert(input) : toChannel(existing);
      });
    });
  }

  private insert(input: NewChannel): Channel {
    const row = this.s.prepare(insert).get({
      $uuid: randomUUID(),
      $type: input.type,
      $name: input.name,
      $tenant: input.tenant,
      $owner: input.ownerId,
      $reference: input.reference ?? null,
      $node: input.nodeId ?? null,
      $sensor: input.sensorName ?? null,
      $valueType: input.valueType ?? null,
      $now: input.now,
    });
    if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
    return toChannel(row);
  }

  grantAccess(userId: number, channelId: number): Promise<void> {
    return this.s.run(() => {
      this.s.prepare(grant).run(userId, channelId);
    });
  }

  findCommissioned(serial: string): Promise<Channel | undefined> {
    return this.s.run(() => maybe(this.s.prepare(commissioned).get(serial), toChannel));
  }

  findCommissionedMany(serials: readonly string[]): Promise<Map<string, Channel>> {
    return this.s.run(() => {
      const statement = this.s.prepare(commissioned);
      const found = new Map<string, Channel>();
      for (const serial of new Set(serials)) {
        const row = statement.get(serial);
        if (row !== undefined) found.set(serial, toChannel(row));
      }
      return found;
    });
  }

  findSensor(nodeId: number, sensorName: string): Promise<Channel | undefined> {
    return this.s.run(() => maybe(this.s.prepare(sensorOf).get(nodeId, sensorName), toChannel));
  }

  sensorsOf(nodeIds: readonly number[]): Promise<Channel[]> {
    return this.s.run(() => {
      const statement = this.s.prepare(sensorsOfNode);
      return [...new Set(nodeIds)].flatMap((nodeId) => toChannels(statement.all(nodeId)));
    });
  }

  setProperties(channelId: number, properties: string | null): Promise<void> {
    return this.s.run(() => {
      this.s.prepare('UPDATE channels SET properties = ? WHERE id = ?').run(properties, channelId);
    });
  }

  setPush(channelId: number, push: PushSettings | null): Promise<void> {
    return this.s.run(() => {
      this.s
        .prepare(
          'UPDATE channels SET push_url = ?, push_interval = ?, push_secret = ? WHERE id = ?',
        )
        .run(push?.url ?? null, push?.interval ?? 0, push?.secret ?? null, channelId);
    });
  }

  decommission(nodeId: number): Promise<void> {
    return this.s.atomically(() => {
      this.s
        .prepare(
          `UPDATE channels SET active = 0, owner_id = NULL
           WHERE id = $n OR (node_id = $n AND type = 'SENSOR')`,
        )
        .run({ $n: nodeId });
      this.s
        .prepare(
          `DELETE FROM group_members
           WHERE member_id = $n OR member_id IN (SELECT id FROM channels WHERE node_id = $n)`,
        )
        .run({ $n: nodeId });
    });
  }
}
