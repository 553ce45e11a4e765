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
import { isUniqueViolation, type PgScope } from './database.ts';
import { byName, channelColumns, summaryColumns } from './rows.ts';

const insertColumns =
  'uuid, type, name, tenant, owner_id, reference, node_id, sensor_name, value_type, created_at';

/**
 * As the SQLite store's reach (../sqlite/channels.ts), with the type in the SQL; `$1` is the
 * user's id. The latest-positions extension (positions.ts) reads other columns of the same reach.
 */
export function reachableListSql(type: ChannelType | null, columns = summaryColumns): string {
  const ofType = type === null ? '' : ` AND type = '${type}'`;
  const withSensors = type === null || type === 'SENSOR';
  return `
    WITH groups_in_reach(id) AS (
      SELECT id FROM channels WHERE owner_id = $1 AND type = 'GROUP'
      UNION SELECT a.channel_id FROM channel_grants a JOIN channels g ON g.id = a.channel_id
      WHERE a.user_id = $1 AND g.type = 'GROUP'
    ),
    base(id) AS (
      SELECT id FROM channels WHERE owner_id = $1${ofType}
      UNION SELECT channel_id FROM channel_grants WHERE user_id = $1
      UNION SELECT gm.member_id FROM groups_in_reach g JOIN group_members gm ON gm.group_id = g.id
    ),
    reach(id) AS (
      SELECT id FROM base
      ${withSensors ? "UNION SELECT s.id FROM base b JOIN channels s ON s.node_id = b.id AND s.type = 'SENSOR'" : ''}
    )
    SELECT ${columns} FROM channels
    WHERE id IN (SELECT id FROM reach)${ofType}
    ORDER BY ${byName}`;
}

export class PgChannelStore implements ChannelStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  findByUuid(uuid: string): Promise<Channel | undefined> {
    return this.s.one<Channel>(
      `SELECT ${channelColumns} FROM channels WHERE uuid = $1`,
      [uuid.toLowerCase()],
      'channel-by-uuid',
    );
  }

  findById(id: number): Promise<Channel | undefined> {
    return this.s.one<Channel>(
      `SELECT ${channelColumns} FROM channels WHERE id = $1`,
      [id],
      'channel-by-id',
    );
  }

  namesOf(ids: readonly number[]): Promise<ChannelName[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.s.rows<ChannelName>(
      `SELECT id, uuid, name, sensor_name AS "sensorName", node_id AS "nodeId"
       FROM channels WHERE id = ANY($1::int[])`,
      [ids],
      'channel-names',
    );
  }

  async isReachable(userId: number, channel: Channel): Promise<boolean> {
    const row = await this.s.one<{ ok: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM channels WHERE id IN ($2, $3) AND owner_id = $1
         UNION ALL
         SELECT 1 FROM channel_grants WHERE user_id = $1 AND channel_id IN ($2, $3)
         UNION ALL
         SELECT 1 FROM group_members gm JOIN channels g ON g.id = gm.group_id
         WHERE gm.member_id IN ($2, $3)
           AND (g.owner_id = $1 OR EXISTS (
             SELECT 1 FROM channel_grants a WHERE a.user_id = $1 AND a.channel_id = g.id))
       ) AS ok`,
      [userId, channel.id, channel.nodeId ?? -1],
      'channel-reachable',
    );
    return row?.ok === true;
  }

  listReachable(userId: number, type?: ChannelType): Promise<ChannelSummary[]> {
    return this.s.rows<ChannelSummary>(
      reachableListSql(type ?? null),
      [userId],
      `channels-reachable-${type ?? 'all'}`,
    );
  }

  async create(input: NewChannel): Promise<Channel> {
    try {
      const row = await this.s.one<Channel>(
        `INSERT INTO channels (${insertColumns})
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${channelColumns}`,
        [
          randomUUID(),
          input.type,
          input.name,
          input.tenant,
          input.ownerId,
          input.reference ?? null,
          input.nodeId ?? null,
          input.sensorName ?? null,
          input.valueType ?? null,
          input.now,
        ],
        'channel-insert',
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new StoreConflict(`Serial ${input.reference ?? input.name} is already commissioned.`);
      }
      throw error;
    }
  }

  /**
   * One statement for the batch: sensors another instance made meanwhile are kept (ON CONFLICT
   * DO NOTHING), then every sensor asked for is read back. Rows are inserted sorted by key, the
   * lock order every ingestion keeps (docs/decisions/0025-database-faults.md).
   */
  async ensureSensors(sensors: readonly NewSensor[]): Promise<Channel[]> {
    if (sensors.length === 0) return [];
    const found = await this.s.rows<Channel>(
      `WITH wanted AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::int[],
                              $6::text[], $7::text[], $8::bigint[])
           AS w(uuid, name, tenant, owner_id, node_id, sensor_name, value_type, created_at)
       ),
       added AS (
         INSERT INTO channels (uuid, type, name, tenant, owner_id, node_id, sensor_name,
                               value_type, created_at)
         SELECT uuid, 'SENSOR', name, tenant, owner_id, node_id, sensor_name, value_type, created_at
         FROM wanted
         -- Lock order (issue 17): every batch inserts its new sensors in one order, so two
         -- gateways making the same sensors wait for each other instead of deadlocking.
         ORDER BY node_id, sensor_name COLLATE "C"
         ON CONFLICT (node_id, sensor_name) WHERE type = 'SENSOR' DO NOTHING
         RETURNING ${channelColumns}
       )
       SELECT * FROM added
       UNION ALL
       SELECT ${channelColumns} FROM channels
       WHERE type = 'SENSOR' AND (node_id, sensor_name) IN (SELECT node_id, sensor_name FROM wanted)`,
      [
        sensors.map(() => randomUUID()),
        sensors.map((s) => s.name),
        sensors.map((s) => s.tenant),
        sensors.map((s) => s.ownerId),
        sensors.map((s) => s.nodeId),
        sensors.map((s) => s.sensorName),
        sensors.map((s) => s.valueType),
        sensors.map((s) => s.now),
      ],
      'sensors-ensure',
    );
    const byKey = new Map(found.map((c) => [`${c.nodeId}/${c.sensorName}`, c]));
    // A sensor another instance was inserting at the same moment is committed now, but after
    // this statement's snapshot: read it again.
    for (const s of sensors) {
      const key = `${s.nodeId}/${s.sensorName}`;
      if (byKey.has(key)) continue;
      const late = await this.findSensor(s.nodeId, s.sensorName);
      if (late) byKey.set(key, late);
    }
    return sensors.map((s) => {
      const channel = byKey.get(`${s.nodeId}/${s.sensorName}`);
      if (!channel) throw new Error(`sensor ${s.sensorName} of node ${s.nodeId} was not made`);
      return channel;
    });
  }

  async grantAccess(userId: number, channelId: number): Promise<void> {
    await this.s.run(
      'INSERT INTO channel_access (user_id, channel_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [userId, channelId],
      'channel-grant',
    );
  }

  findCommissioned(serial: string): Promise<Channel | undefined> {
    return this.s.one<Channel>(
      `SELECT ${channelColumns} FROM channels
       WHERE reference = $1 AND active AND type IN ('NODE','GATEWAY')`,
      [serial],
      'channel-commissioned',
    );
  }

  async findCommissionedMany(serials: readonly string[]): Promise<Map<string, Channel>> {
    if (serials.length === 0) return new Map();
    const rows = await this.s.rows<Channel>(
      `SELECT ${channelColumns} FROM channels
       WHERE reference = ANY($1::text[]) AND active AND type IN ('NODE','GATEWAY')`,
      [[...new Set(serials)]],
      'channels-commissioned',
    );
    return new Map(rows.map((channel) => [channel.reference ?? '', channel]));
  }

  findSensor(nodeId: number, sensorName: string): Promise<Channel | undefined> {
    return this.s.one<Channel>(
      `SELECT ${channelColumns} FROM channels
       WHERE node_id = $1 AND sensor_name = $2 AND type = 'SENSOR'`,
      [nodeId, sensorName],
      'sensor-of-node',
    );
  }

  sensorsOf(nodeIds: readonly number[]): Promise<Channel[]> {
    return this.s.rows<Channel>(
      `SELECT ${channelColumns} FROM channels
       WHERE node_id = ANY($1::int[]) AND type = 'SENSOR' ORDER BY node_id, name COLLATE "C"`,
      [[...new Set(nodeIds)]],
    );
  }

  async setProperties(channelId: number, properties: string | null): Promise<void> {
    await this.s.run('UPDATE channels SET properties = $1 WHERE id = $2', [properties, channelId]);
  }

  async setPush(channelId: number, push: PushSettings | null): Promise<void> {
    await this.s.run(
      'UPDATE channels SET push_url = $1, push_interval = $2, push_secret = $3 WHERE id = $4',
      [push?.url ?? null, push?.interval ?? 0, push?.secret ?? null, channelId],
    );
  }

  decommission(nodeId: number): Promise<void> {
    return this.s.atomically(async (tx) => {
      await tx.run(
        `UPDATE channels SET active = false, owner_id = NULL
         WHERE id = $1 OR (node_id = $1 AND type = 'SENSOR')`,
        [nodeId],
      );
      await tx.run(
        `DELETE FROM group_members
         WHERE member_id = $1 OR member_id IN (SELECT id FROM channels WHERE node_id = $1)`,
        [nodeId],
      );
    });
  }
}
