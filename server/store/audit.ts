import type { AuditKind, AuditOrigin } from '../../contract/audit.ts';

/** A channel as an audit entry names it: by uuid and by its name at the time. */
export interface AuditChannel {
  uuid: string;
  name: string;
}

export interface NewAuditEntry {
  at: number;
  /** Whose audit readers see it: the tenant of the channel (or set, or person) changed. */
  tenant: string;
  actorId: number | null;
  actor: string;
  origin: AuditOrigin;
  kind: AuditKind;
  channel?: AuditChannel;
  member?: AuditChannel;
  subject?: string;
  /** JSON-able values; undefined leaves the field out, null says "there was none". */
  before?: unknown;
  after?: unknown;
  result?: string;
}

export interface AuditQuery {
  /** Tenants whose entries the caller may read (never empty). */
  tenants: readonly string[];
  channelUuid?: string;
  actor?: string;
  kind?: AuditKind;
  from?: number;
  to?: number;
  /** Entries older than this id only (the previous page's `next`). */
  before?: number;
  limit: number;
}
