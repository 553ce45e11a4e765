import {
  nodeLatestJson,
  type GroupNodeMembership,
  type NodeInReach,
  type NodeLatest,
  type NodeScope,
  type StoredReading,
} from '../positions.ts';
import { TYPE } from './channel-rows.ts';
import { withReach } from './channels.ts';
import { byName } from './engine.ts';
import { Repository, type Sql } from './queries.ts';

/**
 * The latest-positions extension's reads of reach and group membership, written once. `latest`
 * is each engine's own (../sqlite/positions.ts: a seek per sensor on the one connection;
 * ../postgres/positions.ts: one statement with LATERAL seeks and arrays as parameters, one round
 * trip instead of one per sensor).
 */
export abstract class SqlPositionStore<S extends Sql = Sql> extends Repository<S> {
  /** Per sensor of the nodes in scope with a reading in range (from its scope's instant on). */
  abstract sensorFinds(
    scopes: readonly NodeScope[],
    from: number,
    to: number,
  ): Promise<SensorFind[]>;

  /** Per node in scope order; nodes without a reading in `from`…`to` are left out. */
  async latest(scopes: readonly NodeScope[], from: number, to: number): Promise<NodeLatest[]> {
    return latestOfNodes(scopes, await this.sensorFinds(scopes, from, to));
  }

  /**
   * Every sensor's newest reading of all time and, for GPS, its newest fix: what positions kept in
   * memory start from (server/positions/kept-positions.ts). As many seeks as the positions of
   * every node, once.
   */
  async newestOfSensors(): Promise<SensorFind[]> {
    const nodes = await this.s.all(
      this.s.qb
        .selectFrom('channels')
        .select('node_id as id')
        .distinct()
        .where('type', '=', TYPE.SENSOR)
        .where('node_id', 'is not', null),
      'positions-sensor-nodes',
    );
    const scopes: NodeScope[] = [];
    for (const { id } of nodes) {
      if (id !== null) scopes.push({ id, uuid: '', name: '', all: -Infinity });
    }
    return this.sensorFinds(scopes, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  }

  /** `latest` as the JSON text of `/v1/positions`' nodes, comma-separated, without brackets. */
  async latestJson(scopes: readonly NodeScope[], from: number, to: number): Promise<string> {
    return (await this.latest(scopes, from, to)).map(nodeLatestJson).join(',');
  }

  /** NODE channels the user reaches, as the channel listing has them. */
  reachableNodes(userId: number): Promise<NodeInReach[]> {
    const { engine, qb } = this.s;
    return this.s.read(
      withReach(qb, userId, 'NODE')
        .selectFrom('channels')
        .select(['id', 'uuid', 'name', 'tenant'])
        .where('id', 'in', (eb) => eb.selectFrom('reach').select('id'))
        .where('type', '=', TYPE.NODE)
        .orderBy(byName(engine, 'name'))
        .orderBy('id'),
      'positions-reachable-nodes',
    );
  }

  /** Node members of every group the user reaches, with the group's tenant. */
  async groupNodeMemberships(userId: number): Promise<GroupNodeMembership[]> {
    const rows = await this.s.read(
      this.s.qb
        .selectFrom('channels as g')
        .innerJoin('group_members as gm', 'gm.group_id', 'g.id')
        .innerJoin('channels as m', (join) =>
          join.onRef('m.id', '=', 'gm.member_id').on('m.type', '=', TYPE.NODE),
        )
        .select([
          'gm.member_id as nodeId',
          'g.id as groupId',
          'g.tenant as groupTenant',
          'gm.added_at as addedAt',
        ])
        .where('g.type', '=', TYPE.GROUP)
        .where((eb) =>
          eb.or([
            eb('g.owner_id', '=', userId),
            eb.exists(
              eb
                .selectFrom('channel_grants as a')
                .select('a.channel_id')
                .where('a.user_id', '=', userId)
                .whereRef('a.channel_id', '=', 'g.id'),
            ),
          ]),
        ),
      'positions-memberships',
    );
    for (const row of rows) row.addedAt = Number(row.addedAt);
    return rows;
  }

  /** The nodes a group holds, whole or by one sensor, each from the moment it joined, by name. */
  async groupScopes(groupId: number): Promise<NodeScope[]> {
    const rows = await this.s.all(
      this.s.qb
        .selectFrom('group_members as gm')
        .innerJoin('channels as m', 'm.id', 'gm.member_id')
        .leftJoin('channels as n', (join) =>
          join.on('m.type', '=', TYPE.SENSOR).onRef('n.id', '=', 'm.node_id'),
        )
        .select((eb) => [
          eb.fn.coalesce('n.id', 'm.id').as('nodeId'),
          eb.fn.coalesce('n.uuid', 'm.uuid').as('uuid'),
          eb.fn.coalesce('n.name', 'm.name').as('name'),
          eb.case().when('m.type', '=', TYPE.SENSOR).then(eb.ref('m.id')).end().as('sensorId'),
          'gm.added_at as addedAt',
        ])
        .where('gm.group_id', '=', groupId),
      'positions-members',
    );
    const scopes = new Map<number, NodeScope>();
    for (const row of rows) {
      let scope = scopes.get(row.nodeId);
      if (!scope) {
        scope = { id: row.nodeId, uuid: row.uuid, name: row.name };
        scopes.set(row.nodeId, scope);
      }
      const addedAt = Number(row.addedAt);
      if (row.sensorId === null) scope.all = Math.min(scope.all ?? Infinity, addedAt);
      else (scope.only ??= new Map()).set(row.sensorId, addedAt);
    }
    return [...scopes.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}

/** What `latest` found of one sensor: its newest reading in range, and for GPS its newest fix. */
export interface SensorFind {
  sensorId: number;
  nodeId: number;
  valueType: string | null;
  newest: StoredReading;
  fix?: StoredReading | undefined;
}

/** Each node's newest of its sensors' finds (seen, position, temperature), in scope order. */
export function latestOfNodes(
  scopes: readonly NodeScope[],
  finds: Iterable<SensorFind>,
): NodeLatest[] {
  const byNode = new Map<number, { lastSeen: number; gps?: StoredReading; temp?: StoredReading }>();
  for (const { nodeId, valueType, newest, fix } of finds) {
    let node = byNode.get(nodeId);
    if (!node) byNode.set(nodeId, (node = { lastSeen: newest.ts }));
    node.lastSeen = Math.max(node.lastSeen, newest.ts);
    if (valueType === 'TEMP' && (!node.temp || node.temp.ts < newest.ts)) node.temp = newest;
    if (fix && (!node.gps || node.gps.ts < fix.ts)) node.gps = fix;
  }
  const answer: NodeLatest[] = [];
  for (const scope of scopes) {
    const node = byNode.get(scope.id);
    if (!node) continue;
    const latest: NodeLatest = {
      nodeUuid: scope.uuid,
      nodeName: scope.name,
      lastSeen: node.lastSeen,
    };
    if (node.gps) latest.gps = { ts: node.gps.ts, value: node.gps.value };
    if (node.temp) latest.temp = { ts: node.temp.ts, value: node.temp.value };
    answer.push(latest);
  }
  return answer;
}
