import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ChannelType } from '../../../contract/channel.ts';
import type {
  Channel,
  ChannelName,
  ChannelSummary,
  NewChannel,
  NewSensor,
  PushSettings,
} from '../channels.ts';
import { StoreConflict } from '../errors.ts';
import { channelColumns, summaryColumns, toChannel, toChannels, TYPE } from './channel-rows.ts';
import { binary, byName, isSet, oneOf } from './engine.ts';
import { one, Repository } from './queries.ts';
import type { Database } from './schema.ts';
import { chunks, flag, PARAMETERS_PER_LIST, ROWS_PER_STATEMENT } from './values.ts';

/**
 * Reach = owned or granted channels (directly, or through a permission set that names a group:
 * the channel_grants view), the members of reachable groups, and the sensors of every reachable
 * node (docs/decisions/0001-permissions-and-reach.md, "Permissions and reach"), as a `reach` table
 * of ids. The type is in the SQL (a literal), so that owned channels come straight from the
 * (owner_id, type) index and sensors are only gathered when sensors are asked for: a user owning
 * 10000 nodes and their 30000 sensors lists the nodes without touching the sensors.
 */
export function withReach(qb: Kysely<Database>, userId: number, type: ChannelType | null) {
  const withSensors = type === null || type === 'SENSOR';
  return qb
    .with('groups_in_reach', (db) =>
      db
        .selectFrom('channels')
        .select('id')
        .where('owner_id', '=', userId)
        .where('type', '=', TYPE.GROUP)
        .union(
          db
            .selectFrom('channel_grants as a')
            .innerJoin('channels as g', 'g.id', 'a.channel_id')
            .select('a.channel_id as id')
            .where('a.user_id', '=', userId)
            .where('g.type', '=', TYPE.GROUP),
        ),
    )
    .with('base', (db) =>
      db
        .selectFrom('channels')
        .select('id')
        .where('owner_id', '=', userId)
        .$if(type !== null, (q) => q.where('type', '=', sql.lit(type ?? 'NODE')))
        .union(
          db.selectFrom('channel_grants').select('channel_id as id').where('user_id', '=', userId),
        )
        .union(
          db
            .selectFrom('groups_in_reach as g')
            .innerJoin('group_members as gm', 'gm.group_id', 'g.id')
            .select('gm.member_id as id'),
        ),
    )
    .with('reach', (db) => {
      const base = db.selectFrom('base').select('id');
      if (!withSensors) return base;
      return base.union(
        db
          .selectFrom('base as b')
          .innerJoin('channels as s', (join) =>
            join.onRef('s.node_id', '=', 'b.id').on('s.type', '=', TYPE.SENSOR),
          )
          .select('s.id'),
      );
    });
}

export class SqlChannelStore extends Repository {
  private get channels() {
    return this.s.qb.selectFrom('channels').select(channelColumns);
  }

  async findByUuid(uuid: string): Promise<Channel | undefined> {
    const row = await this.s.first(
      this.channels.where('uuid', '=', uuid.toLowerCase()),
      'channel-by-uuid',
    );
    return row && toChannel<Channel>(row);
  }

  async findById(id: number): Promise<Channel | undefined> {
    const row = await this.s.first(this.channels.where('id', '=', id), 'channel-by-id');
    return row && toChannel<Channel>(row);
  }

  namesOf(ids: readonly number[]): Promise<ChannelName[]> {
    return eachPart(ids, (part) =>
      this.s.all(
        this.s.qb
          .selectFrom('channels')
          .select(['id', 'uuid', 'name', 'sensor_name as sensorName', 'node_id as nodeId'])
          .where(oneOf(this.s.engine, 'id', part)),
        'channel-names',
      ),
    );
  }

  /** Whether `userId` may see `channel` at all; out of reach answers 404 like a missing one. */
  async isReachable(userId: number, channel: Channel): Promise<boolean> {
    const ids = [channel.id, channel.nodeId ?? -1];
    const row = await this.s.first(
      this.s.qb.selectNoFrom((eb) =>
        eb
          .exists(
            eb
              .selectFrom('channels')
              .select(sql.lit(1).as('x'))
              .where('id', 'in', ids)
              .where('owner_id', '=', userId)
              .unionAll(
                eb
                  .selectFrom('channel_grants')
                  .select(sql.lit(1).as('x'))
                  .where('user_id', '=', userId)
                  .where('channel_id', 'in', ids),
              )
              .unionAll(
                eb
                  .selectFrom('group_members as gm')
                  .innerJoin('channels as g', 'g.id', 'gm.group_id')
                  .select(sql.lit(1).as('x'))
                  .where('gm.member_id', 'in', ids)
                  .where((w) =>
                    w.or([
                      w('g.owner_id', '=', userId),
                      w.exists(
                        w
                          .selectFrom('channel_grants as a')
                          .select(sql.lit(1).as('x'))
                          .where('a.user_id', '=', userId)
                          .whereRef('a.channel_id', '=', 'g.id'),
                      ),
                    ]),
                  ),
              ),
          )
          .$castTo<boolean | 0 | 1>()
          .as('ok'),
      ),
      'channel-reachable',
    );
    return row !== undefined && flag(row.ok);
  }

  /**
   * Reach = owned or granted channels, the members of reachable groups, and the sensors of every
   * reachable node (docs/decisions/0001-permissions-and-reach.md, "Permissions and reach"), ordered by name
   * (case-insensitively), then id.
   */
  async listReachable(userId: number, type?: ChannelType): Promise<ChannelSummary[]> {
    const { engine, qb } = this.s;
    const rows = await this.s.read(
      withReach(qb, userId, type ?? null)
        .selectFrom('channels')
        .select(summaryColumns)
        .where('id', 'in', (eb) => eb.selectFrom('reach').select('id'))
        .$if(type !== undefined, (q) => q.where('type', '=', sql.lit(type ?? 'NODE')))
        .orderBy(byName(engine, 'name'))
        .orderBy('id'),
      `channels-reachable-${type ?? 'all'}`,
    );
    return toChannels<ChannelSummary>(rows);
  }

  /** Throws StoreConflict when a node or gateway with this serial is commissioned already. */
  async create(input: NewChannel): Promise<Channel> {
    try {
      const { qb } = this.s;
      const query = qb.insertInto('channels').values(newChannel(input)).returning(channelColumns);
      return toChannel<Channel>(await one(this.s, query, 'channel-insert'));
    } catch (error) {
      if (this.s.isUniqueViolation(error)) {
        throw new StoreConflict(`Serial ${input.reference ?? input.name} is already commissioned.`);
      }
      throw error;
    }
  }

  /**
   * Each sensor by position: the node's sensor of that name, created from the input when the node
   * has none yet. An existing sensor may send another value type, which the caller checks.
   * Existing sensors are read first, so a batch whose sensors all exist (nearly every batch of
   * a running fleet) costs one read and no write. Only the missing ones are inserted; sensors
   * another caller (or instance) made meanwhile are kept (ON CONFLICT DO NOTHING on the
   * one-sensor-per-name index), then those are read back: the read is a statement of its own, so
   * on PostgreSQL it sees a sensor whose insert this one waited for.
   */
  async ensureSensors(sensors: readonly NewSensor[]): Promise<Channel[]> {
    const byKey = new Map<string, Channel>();
    await this.readSensors(sensors, byKey);
    const missing = sensors.filter((s) => !byKey.has(sensorKey(s.nodeId, s.sensorName)));
    if (missing.length > 0) {
      // Lock order (issue 17): every batch inserts its new sensors sorted by key, so two gateways
      // making the same sensors wait for each other instead of deadlocking
      // (docs/decisions/0025-database-faults.md).
      const sorted = [...missing].sort(
        (a, b) => a.nodeId - b.nodeId || byteOrder(a.sensorName, b.sensorName),
      );
      for (const part of chunks(sorted, ROWS_PER_STATEMENT)) {
        await this.s.exec(
          this.s.qb
            .insertInto('channels')
            .values(part.map((sensor) => newChannel({ ...sensor, type: 'SENSOR' })))
            .onConflict((conflict) =>
              conflict
                .columns(['node_id', 'sensor_name'])
                .where('type', '=', TYPE.SENSOR)
                .doNothing(),
            ),
        );
      }
      await this.readSensors(missing, byKey);
    }
    return sensors.map((s) => {
      const channel = byKey.get(sensorKey(s.nodeId, s.sensorName));
      if (!channel) throw new Error(`sensor ${s.sensorName} of node ${s.nodeId} was not made`);
      return channel;
    });
  }

  /** Adds to `byKey` those of `sensors` that exist (and perhaps others of the same nodes). */
  private async readSensors(
    sensors: readonly NewSensor[],
    byKey: Map<string, Channel>,
  ): Promise<void> {
    const { engine } = this.s;
    for (const part of chunks(sensors, ROWS_PER_STATEMENT)) {
      const found = await this.s.all(
        this.channels
          .where('type', '=', TYPE.SENSOR)
          .where(oneOf(engine, 'node_id', [...new Set(part.map((s) => s.nodeId))]))
          .where(oneOf(engine, 'sensor_name', [...new Set(part.map((s) => s.sensorName))])),
        'sensors-ensure',
      );
      for (const row of found)
        byKey.set(sensorKey(row.nodeId ?? -1, row.sensorName ?? ''), toChannel<Channel>(row));
    }
  }

  async grantAccess(userId: number, channelId: number): Promise<void> {
    await this.s.exec(
      this.s.qb
        .insertInto('channel_access')
        .values({ user_id: userId, channel_id: channelId })
        .onConflict((conflict) => conflict.doNothing()),
      'channel-grant',
    );
  }

  /** The active node or gateway with this serial, if one is commissioned. */
  async findCommissioned(serial: string): Promise<Channel | undefined> {
    return (await this.findCommissionedMany([serial])).get(serial);
  }

  /** findCommissioned for many serials at once: serial → channel, for those that are. */
  async findCommissionedMany(serials: readonly string[]): Promise<Map<string, Channel>> {
    const rows = await eachPart([...new Set(serials)], (part) =>
      this.s.all(
        this.channels
          .where(oneOf(this.s.engine, 'reference', part))
          .where(isSet(this.s.engine, 'active'))
          .where('type', 'in', [TYPE.NODE, TYPE.GATEWAY]),
        'channels-commissioned',
      ),
    );
    return new Map(rows.map((row) => [row.reference ?? '', toChannel<Channel>(row)]));
  }

  async findSensor(nodeId: number, sensorName: string): Promise<Channel | undefined> {
    const row = await this.s.first(
      this.channels
        .where('node_id', '=', nodeId)
        .where('sensor_name', '=', sensorName)
        .where('type', '=', TYPE.SENSOR),
      'sensor-of-node',
    );
    return row && toChannel<Channel>(row);
  }

  /** The sensors of these nodes. */
  async sensorsOf(nodeIds: readonly number[]): Promise<Channel[]> {
    const { engine } = this.s;
    // Nodes in ascending order, so that parts keep the order of one statement.
    const rows = await eachPart(
      [...new Set(nodeIds)].sort((a, b) => a - b),
      (part) =>
        this.s.all(
          this.channels
            .where(oneOf(engine, 'node_id', part))
            .where('type', '=', TYPE.SENSOR)
            .orderBy('node_id')
            .orderBy(binary(engine, 'name')),
          'sensors-of-nodes',
        ),
    );
    return toChannels<Channel>(rows);
  }

  async setProperties(channelId: number, properties: string | null): Promise<void> {
    await this.s.exec(
      this.s.qb.updateTable('channels').set({ properties }).where('id', '=', channelId),
    );
  }

  /**
   * Sets properties only while they are still `expected` (as read before); false when another
   * change came first. On PostgreSQL the update waits for a concurrent one on the row and then
   * finds its condition false, so of two changes made from the same properties one lands
   * (docs/decisions/0171-properties-if-match.md).
   */
  async setPropertiesIf(
    channelId: number,
    properties: string | null,
    expected: string | null,
  ): Promise<boolean> {
    const update = this.s.qb
      .updateTable('channels')
      .set({ properties })
      .where('id', '=', channelId);
    const changed = await this.s.exec(
      expected === null
        ? update.where('properties', 'is', null)
        : update.where('properties', '=', expected),
    );
    return changed > 0;
  }

  /** Stores a push configuration (overwriting the old one), or removes it with null. */
  async setPush(channelId: number, push: PushSettings | null): Promise<void> {
    await this.s.exec(
      this.s.qb
        .updateTable('channels')
        .set({
          push_url: push?.url ?? null,
          push_interval: push?.interval ?? 0,
          push_secret: push?.secret ?? null,
        })
        .where('id', '=', channelId),
    );
  }

  /** Decommissioning: inactive, no owner, out of every group; the same for the node's sensors. */
  decommission(nodeId: number): Promise<void> {
    return this.s.atomic(async (tx) => {
      await tx.exec(
        tx.qb
          .updateTable('channels')
          .set({ active: false, owner_id: null })
          .where((eb) =>
            eb.or([
              eb('id', '=', nodeId),
              eb.and([eb('node_id', '=', nodeId), eb('type', '=', TYPE.SENSOR)]),
            ]),
          ),
      );
      await tx.exec(
        tx.qb
          .deleteFrom('group_members')
          .where((eb) =>
            eb.or([
              eb('member_id', '=', nodeId),
              eb(
                'member_id',
                'in',
                eb.selectFrom('channels').select('id').where('node_id', '=', nodeId),
              ),
            ]),
          ),
      );
    });
  }
}

function newChannel(input: NewChannel) {
  return {
    uuid: randomUUID(),
    type: input.type,
    name: input.name,
    tenant: input.tenant,
    owner_id: input.ownerId,
    reference: input.reference ?? null,
    node_id: input.nodeId ?? null,
    sensor_name: input.sensorName ?? null,
    value_type: input.valueType ?? null,
    created_at: input.now,
  };
}

function sensorKey(nodeId: number, sensorName: string): string {
  return `${nodeId}/${sensorName}`;
}

/** Byte order of ASCII names, as PostgreSQL's "C" collation sorts them. */
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Runs `read` over parts of `values` small enough for one statement's parameters. */
async function eachPart<V, R>(
  values: readonly V[],
  read: (part: V[]) => Promise<R[]>,
): Promise<R[]> {
  const rows: R[] = [];
  for (const part of chunks(values, PARAMETERS_PER_LIST)) rows.push(...(await read(part)));
  return rows;
}
