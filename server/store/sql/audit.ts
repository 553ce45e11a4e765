import type { AuditEntry, AuditKind, AuditOrigin } from '../../../contract/audit.ts';
import type { AuditQuery, NewAuditEntry } from '../audit.ts';
import { oneOf } from './engine.ts';
import { present } from './values.ts';
import { one, Repository } from './queries.ts';

/** A JSON value as stored: undefined (left out) is SQL NULL, null (there was none) is 'null'. */
const stored = (value: unknown): string | null =>
  value === undefined ? null : JSON.stringify(value);
const shown = (text: string | null): { v?: unknown } =>
  text === null ? {} : { v: JSON.parse(text) as unknown };

/**
 * The audit trail (docs/decisions/0070-audit-trail.md). `record` belongs inside the transaction
 * of the change it records, so both land or neither does.
 */
export class SqlAuditStore extends Repository {
  record(entry: NewAuditEntry): Promise<void> {
    return this.s.atomic(async (tx) => {
      const row = await one(
        tx,
        tx.qb
          .insertInto('audit_entries')
          .values({
            at: entry.at,
            tenant: entry.tenant,
            actor_id: entry.actorId,
            actor: entry.actor,
            origin: entry.origin,
            kind: entry.kind,
            channel_uuid: entry.channel?.uuid ?? null,
            channel_name: entry.channel?.name ?? null,
            member_uuid: entry.member?.uuid ?? null,
            member_name: entry.member?.name ?? null,
            subject: entry.subject ?? null,
            before: stored(entry.before),
            after: stored(entry.after),
            result: entry.result ?? 'OK',
          })
          .returning('id'),
      );
      const uuids = [...new Set([entry.channel?.uuid, entry.member?.uuid])].filter(
        (uuid): uuid is string => uuid !== undefined,
      );
      if (uuids.length > 0) {
        await tx.exec(
          tx.qb
            .insertInto('audit_channels')
            .values(uuids.map((uuid) => ({ channel_uuid: uuid, entry_id: row.id }))),
        );
      }
    });
  }

  /** Newest first; one more than `limit` when there are more (the caller pages with it). */
  async list(query: AuditQuery): Promise<AuditEntry[]> {
    const { engine, qb } = this.s;
    let select = qb
      .selectFrom('audit_entries')
      .selectAll()
      .where(oneOf(engine, 'tenant', query.tenants));
    if (query.channelUuid !== undefined) {
      // The channel's entries come from its own index range, newest first.
      const uuid = query.channelUuid.toLowerCase();
      select = select.where('id', 'in', (eb) =>
        eb.selectFrom('audit_channels').select('entry_id').where('channel_uuid', '=', uuid),
      );
    }
    if (query.actor !== undefined) select = select.where('actor', '=', query.actor);
    if (query.kind !== undefined) select = select.where('kind', '=', query.kind);
    if (query.from !== undefined) select = select.where('at', '>=', query.from);
    if (query.to !== undefined) select = select.where('at', '<=', query.to);
    if (query.before !== undefined) select = select.where('id', '<', query.before);
    const rows = await this.s.all(select.orderBy('id', 'desc').limit(query.limit + 1));
    return rows.map((row) => {
      const before = shown(row.before);
      const after = shown(row.after);
      return {
        id: String(row.id),
        at: Number(row.at),
        tenant: row.tenant,
        actor: row.actor,
        origin: row.origin as AuditOrigin,
        kind: row.kind as AuditKind,
        ...(row.channel_uuid !== null
          ? { channel: { uuid: row.channel_uuid, name: row.channel_name ?? '' } }
          : {}),
        ...(row.member_uuid !== null
          ? { member: { uuid: row.member_uuid, name: row.member_name ?? '' } }
          : {}),
        ...present({ subject: row.subject }),
        ...('v' in before ? { before: before.v } : {}),
        ...('v' in after ? { after: after.v } : {}),
        result: row.result,
      };
    });
  }

  /** Removes up to `budget` entries made before `before` (AUDIT_RETENTION_DAYS). */
  removeBefore(before: number, budget: number): Promise<{ removed: number; more: boolean }> {
    return this.s.atomic(async (tx) => {
      const old = await tx.all(
        tx.qb
          .selectFrom('audit_entries')
          .select('id')
          .where('at', '<', before)
          .orderBy('at')
          .limit(budget + 1),
      );
      const ids = old.slice(0, budget).map((row) => row.id);
      if (ids.length === 0) return { removed: 0, more: false };
      await tx.exec(tx.qb.deleteFrom('audit_channels').where(oneOf(tx.engine, 'entry_id', ids)));
      const removed = await tx.exec(
        tx.qb.deleteFrom('audit_entries').where(oneOf(tx.engine, 'id', ids)),
      );
      return { removed, more: old.length > budget };
    });
  }
}
