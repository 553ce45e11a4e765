import { randomUUID } from 'node:crypto';
import type { StatementSync } from 'node:sqlite';
import type { Db } from './db.ts';
import type { ChannelType } from '../../contract/channel.ts';
import {
  channelColumns,
  recordColumns,
  type ChannelRow,
  type RecordSource,
} from './channel-row.ts';

/** Channel queries. Statements are prepared once per database. */
export class ChannelStore {
  private readonly byUuid;
  private readonly byId;
  private readonly reachable;
  private readonly reachableLists = new Map<ChannelType | null, StatementSync>();
  private readonly insert;
  private readonly grant;
  private readonly commissionedBySerial;
  private readonly sensorByNodeAndName;
  private readonly sensorsOfNode;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
    this.byUuid = db.prepare(`SELECT ${channelColumns} FROM channels WHERE uuid = ?`);
    this.byId = db.prepare(`SELECT ${channelColumns} FROM channels WHERE id = ?`);
    this.reachable = db.prepare(`
      SELECT EXISTS (
        SELECT 1 FROM channels WHERE id IN ($c, $node) AND owner_id = $u
        UNION ALL
        SELECT 1 FROM channel_grants WHERE user_id = $u AND channel_id IN ($c, $node)
        UNION ALL
        SELECT 1 FROM group_members gm JOIN channels g ON g.id = gm.group_id
        WHERE gm.member_id IN ($c, $node)
          AND (g.owner_id = $u OR EXISTS (
            SELECT 1 FROM channel_grants a WHERE a.user_id = $u AND a.channel_id = g.id))
      ) AS ok`);
    this.insert = db.prepare(`
      INSERT INTO channels (uuid, type, name, tenant, owner_id, reference, node_id, sensor_name,
                            value_type, created_at)
      VALUES ($uuid, $type, $name, $tenant, $owner, $reference, $node, $sensor, $valueType, $now)
      RETURNING ${channelColumns}`);
    this.grant = db.prepare(
      'INSERT OR IGNORE INTO channel_access (user_id, channel_id) VALUES (?, ?)',
    );
    this.commissionedBySerial = db.prepare(
      `SELECT ${channelColumns} FROM channels
       WHERE reference = ? AND active = 1 AND type IN ('NODE','GATEWAY')`,
    );
    this.sensorByNodeAndName = db.prepare(
      `SELECT ${channelColumns} FROM channels WHERE node_id = ? AND sensor_name = ? AND type = 'SENSOR'`,
    );
    this.sensorsOfNode = db.prepare(
      `SELECT ${channelColumns} FROM channels WHERE node_id = ? AND type = 'SENSOR' ORDER BY name`,
    );
  }

  findByUuid(uuid: string): ChannelRow | undefined {
    return this.byUuid.get(uuid.toLowerCase()) as ChannelRow | undefined;
  }

  findById(id: number): ChannelRow | undefined {
    return this.byId.get(id) as ChannelRow | undefined;
  }

  /** Whether `userId` may see `channel` at all; out of reach answers 404 like a missing one. */
  isReachable(userId: number, channel: ChannelRow): boolean {
    const row = this.reachable.get({
      $u: userId,
      $c: channel.id,
      $node: channel.node_id ?? -1,
    }) as {
      ok: number;
    };
    return row.ok === 1;
  }

  listReachable(userId: number, type?: ChannelType): RecordSource[] {
    let statement = this.reachableLists.get(type ?? null);
    if (!statement) {
      statement = this.db.prepare(reachableListSql(type ?? null));
      this.reachableLists.set(type ?? null, statement);
    }
    return statement.all({ $u: userId }) as unknown as RecordSource[];
  }

  create(input: {
    type: ChannelType;
    name: string;
    tenant: string;
    ownerId: number | null;
    now: number;
    reference?: string;
    nodeId?: number;
    sensorName?: string;
    valueType?: string;
  }): ChannelRow {
    return this.insert.get({
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
    }) as unknown as ChannelRow;
  }

  grantAccess(userId: number, channelId: number): void {
    this.grant.run(userId, channelId);
  }

  /** The active node or gateway with this serial, if one is commissioned. */
  findCommissioned(serial: string): ChannelRow | undefined {
    return this.commissionedBySerial.get(serial) as ChannelRow | undefined;
  }

  findSensor(nodeId: number, sensorName: string): ChannelRow | undefined {
    return this.sensorByNodeAndName.get(nodeId, sensorName) as ChannelRow | undefined;
  }

  sensorsOf(nodeId: number): ChannelRow[] {
    return this.sensorsOfNode.all(nodeId) as unknown as ChannelRow[];
  }

  setProperties(channelId: number, properties: string | null): void {
    this.db.prepare('UPDATE channels SET properties = ? WHERE id = ?').run(properties, channelId);
  }

  /** Stores a push configuration (overwriting the old one), or removes it with null. */
  setPush(channelId: number, push: { url: string; interval: number; secret: string } | null): void {
    this.db
      .prepare('UPDATE channels SET push_url = ?, push_interval = ?, push_secret = ? WHERE id = ?')
      .run(push?.url ?? null, push?.interval ?? 0, push?.secret ?? null, channelId);
  }

  /** Decommissioning: inactive, no owner, out of every group; the same for the node's sensors. */
  decommission(nodeId: number): void {
    this.db
      .prepare(
        `UPDATE channels SET active = 0, owner_id = NULL
         WHERE id = $n OR (node_id = $n AND type = 'SENSOR')`,
      )
      .run({ $n: nodeId });
    this.db
      .prepare(
        `DELETE FROM group_members
         WHERE member_id = $n OR member_id IN (SELECT id FROM channels WHERE node_id = $n)`,
      )
      .run({ $n: nodeId });
  }
}

/**
 * Reach = owned or granted channels (directly, or through a permission set that names a group:
 * the channel_grants view), the members of reachable groups, and the sensors of every reachable
 * node (DESIGN.md, "Permissions"). One statement per channel type, with the type in the
 * SQL, so that owned channels come straight from the (owner_id, type) index and sensors are only
 * gathered when sensors are asked for: a user owning 10000 nodes and their 30000 sensors lists
 * the nodes without touching the sensors.
 */
function reachableListSql(type: ChannelType | null): string {
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
    SELECT ${recordColumns} FROM channels
    WHERE id IN (SELECT id FROM reach)${ofType}
    ORDER BY name COLLATE NOCASE, id`;
}
