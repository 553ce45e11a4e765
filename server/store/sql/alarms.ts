import { sql } from 'kysely';
import type {
  AlarmChanges,
  AlarmFilter,
  AlarmRow,
  AlarmView,
  NewAlarmRow,
  SilenceCandidate,
} from '../alarms.ts';
import { isSet, oneOf, uuidText } from './engine.ts';
import { Repository } from './queries.ts';

/** Up to this many nodes, their own index finds their alarms faster than the newest-first walk. */
const FEW_NODES = 10;

/** Alarms (issue 24): written in the transaction of the reading that raises or clears them. */
export class SqlAlarmStore extends Repository {
  /**
   * The open excursions holding these slots. On PostgreSQL their rows are locked until the
   * transaction ends, so concurrent batches of one sensor take turns on its alarm.
   */
  async open(slots: readonly string[]): Promise<AlarmRow[]> {
    if (slots.length === 0) return [];
    let query = this.s.qb
      .selectFrom('alarms')
      .selectAll()
      .where(oneOf(this.s.engine, 'slot', slots))
      // Locked in one order, so two batches locking several sensors' alarms cannot deadlock.
      .orderBy('id');
    if (this.s.engine === 'postgres') query = query.forUpdate();
    return this.s.all(query);
  }

  /**
   * Makes other transactions that lock one of these slots wait until this one ends (PostgreSQL;
   * SQLite's transactions take turns anyway).
   */
  async lockSlots(slots: readonly string[]): Promise<void> {
    if (this.s.engine !== 'postgres') return;
    for (const slot of [...slots].sort()) {
      // 24: this class of advisory locks, apart from the cloud's other ones.
      await this.s.first(
        this.s.qb.selectNoFrom(
          sql<string>`pg_advisory_xact_lock(24, hashtext(${slot}))::text`.as('locked'),
        ),
      );
    }
  }

  /** Inserts a row; undefined when another transaction holds its slot already. */
  async insert(row: NewAlarmRow): Promise<number | undefined> {
    const inserted = await this.s.first(
      this.s.qb
        .insertInto('alarms')
        .values(row)
        // A concurrent batch opened this excursion first: on PostgreSQL this waits for its
        // commit, and the caller reads that row instead of opening a second alarm.
        .onConflict((conflict) => conflict.column('slot').doNothing())
        .returning('id'),
    );
    return inserted?.id;
  }

  async update(id: number, changes: AlarmChanges): Promise<void> {
    await this.s.exec(this.s.qb.updateTable('alarms').set(changes).where('id', '=', id));
  }

  async remove(id: number): Promise<void> {
    await this.s.exec(this.s.qb.deleteFrom('alarms').where('id', '=', id));
  }

  /**
   * A person's decision: applies `changes` to the alarm if it is still active (and, with
   * `unacknowledged`, not acknowledged yet); false when it no longer is.
   */
  async decide(uuid: string, changes: AlarmChanges, unacknowledged: boolean): Promise<boolean> {
    let query = this.s.qb
      .updateTable('alarms')
      .set(changes)
      .where('uuid', '=', uuid)
      .where('status', '=', 'active');
    if (unacknowledged) query = query.where('acknowledged_at', 'is', null);
    return (await this.s.exec(query)) > 0;
  }

  /** The properties (JSON text) of these channels. */
  async propertiesOf(ids: readonly number[]): Promise<Map<number, string | null>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.s.all(
      this.s.qb
        .selectFrom('channels')
        .select(['id', 'properties'])
        .where(oneOf(this.s.engine, 'id', unique)),
    );
    return new Map(rows.map((row) => [row.id, row.properties]));
  }

  /**
   * Active nodes that may fall silent, with the properties of the node and of its active
   * groups that might say how soon (`silentAfterMinutes`, read by the caller).
   */
  async silenceCandidates(): Promise<SilenceCandidate[]> {
    const { engine, qb } = this.s;
    // The key's name narrows the scan to the few channels that may name it; the caller parses.
    const named = '%silentAfterMinutes%';
    const groups = await this.s.all(
      qb
        .selectFrom('channels as g')
        .innerJoin('group_members as gm', 'gm.group_id', 'g.id')
        .select(['g.id as groupId', 'g.properties', 'gm.member_id as nodeId'])
        .where('g.type', '=', 'GROUP')
        .where(isSet(engine, 'g.active'))
        .where('g.properties', 'like', named),
    );
    const fromGroups = new Map<number, { id: number; properties: string }[]>();
    for (const row of groups) {
      if (row.properties === null) continue;
      const list = fromGroups.get(row.nodeId) ?? [];
      list.push({ id: row.groupId, properties: row.properties });
      fromGroups.set(row.nodeId, list);
    }
    let nodes = qb
      .selectFrom('channels')
      .select(['id', uuidText(engine, 'uuid').as('uuid'), 'name', 'tenant', 'properties'])
      .where('type', '=', 'NODE')
      .where(isSet(engine, 'active'));
    nodes = nodes.where((eb) =>
      fromGroups.size === 0
        ? eb('properties', 'like', named)
        : eb.or([eb('properties', 'like', named), oneOf(engine, 'id', [...fromGroups.keys()])]),
    );
    const rows = await this.s.all(nodes);
    return rows.map((row) => ({ ...row, groups: fromGroups.get(row.id) ?? [] }));
  }

  private views() {
    const { engine, qb } = this.s;
    return (
      qb
        .selectFrom('alarms as a')
        .innerJoin('channels as c', 'c.id', 'a.channel_id')
        .innerJoin('channels as n', 'n.id', 'a.node_id')
        .selectAll('a')
        .select([
          uuidText(engine, 'c.uuid').as('channel_uuid'),
          'c.name as channel_name',
          uuidText(engine, 'n.uuid').as('node_uuid'),
          'n.name as node_name',
        ])
        // A literal, not a parameter: only then may SQLite use the partial indexes that say it.
        .where(sql<boolean>`a.status <> 'pending'`)
    );
  }

  find(uuid: string): Promise<AlarmView | undefined> {
    return this.s.first(this.views().where('a.uuid', '=', uuid));
  }

  findById(id: number): Promise<AlarmView | undefined> {
    return this.s.first(this.views().where('a.id', '=', id));
  }

  async list(filter: AlarmFilter): Promise<AlarmView[]> {
    if (filter.nodes.length === 0) return [];
    const ids = filter.nodes.map((node) => node.id);
    const { state, kind, severity, from, to, after, channelId } = filter;
    let query = this.views().where(
      this.s.engine === 'sqlite' && ids.length > FEW_NODES
        ? // Many nodes: walk the newest-first index and stop at the page's end, rather than
          // gather every alarm of every node and sort them (SQLite, without statistics, takes
          // the node index for an IN list: 2000 nodes' 100,000 alarms sorted for 100 rows).
          // The unary + keeps it off that index (docs/decisions/0136-alarms-first-page.md).
          sql<boolean>`+a.node_id IN (${sql.join(ids)})`
        : oneOf(this.s.engine, 'a.node_id', ids),
    );
    if (channelId !== undefined) query = query.where('a.channel_id', '=', channelId);
    // Literals, not parameters: only then may SQLite use the partial index of active alarms.
    if (state === 'cleared') query = query.where(sql<boolean>`a.status = 'cleared'`);
    else if (state !== undefined) query = query.where(sql<boolean>`a.status = 'active'`);
    if (state === 'raised') query = query.where('a.acknowledged_at', 'is', null);
    if (state === 'acknowledged') query = query.where('a.acknowledged_at', 'is not', null);
    if (kind !== undefined) query = query.where('a.kind', '=', kind);
    if (severity !== undefined) query = query.where('a.severity', '=', severity);
    if (from !== undefined) query = query.where('a.raised_at', '>=', from);
    if (to !== undefined) query = query.where('a.raised_at', '<=', to);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('a.raised_at', '<', after.raisedAt),
          eb.and([eb('a.raised_at', '=', after.raisedAt), eb('a.id', '<', after.id)]),
        ]),
      );
    }
    // Nodes reached only through a group show the alarms raised since they joined it; those
    // are few, so they are filtered here rather than in SQL.
    const since = new Map(
      filter.nodes.filter((node) => node.since > -Infinity).map((node) => [node.id, node.since]),
    );
    const rows: AlarmView[] = [];
    let page = query.orderBy('a.raised_at', 'desc').orderBy('a.id', 'desc');
    for (let round = 0; round < 20 && rows.length < filter.limit; round++) {
      const batch = await this.s.all(page.limit(filter.limit));
      for (const row of batch) {
        const joined = since.get(row.node_id);
        if (joined === undefined || (row.raised_at ?? 0) >= joined) rows.push(row);
      }
      const last = batch[batch.length - 1];
      if (batch.length < filter.limit || !last || since.size === 0) break;
      const raisedAt = last.raised_at ?? 0;
      page = page.where((eb) =>
        eb.or([
          eb('a.raised_at', '<', raisedAt),
          eb.and([eb('a.raised_at', '=', raisedAt), eb('a.id', '<', last.id)]),
        ]),
      );
    }
    return rows.slice(0, filter.limit);
  }

  /**
   * Retention (RETENTION_DAYS, as history): removes up to `budget` alarms that ended before
   * `before` (cleared, and no longer holding their excursion's slot); open ones stay.
   */
  removeBefore(before: number, budget: number): Promise<{ removed: number; more: boolean }> {
    return this.s.atomic(async (tx) => {
      const old = await tx.all(
        tx.qb
          .selectFrom('alarms')
          .select('id')
          .where(sql<boolean>`status = 'cleared'`)
          .where('slot', 'is', null)
          .where('cleared_at', '<', before)
          .orderBy('id')
          .limit(budget + 1),
      );
      const ids = old.slice(0, budget).map((row) => row.id);
      if (ids.length === 0) return { removed: 0, more: false };
      const removed = await tx.exec(tx.qb.deleteFrom('alarms').where(oneOf(tx.engine, 'id', ids)));
      return { removed, more: old.length > budget };
    });
  }
}
