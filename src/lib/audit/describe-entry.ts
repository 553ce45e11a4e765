import type { AuditEntry, AuditKind } from '../../../contract/audit.ts';
import { t, type MessageId } from '../../i18n/i18n.ts';

/** The message id naming a kind of change ("Node decommissioned"), for filters and tables. */
export const kindLabel = (kind: AuditKind): MessageId => `audit.kind.${kind}` as MessageId;

/** What the entry says happened, in a sentence: "admin decommissioned Van 07". */
export function describeEntry(entry: AuditEntry): string {
  return t(`audit.did.${entry.kind}` as MessageId, {
    actor: entry.actor,
    channel: entry.channel?.name ?? '',
    member: entry.member?.name ?? '',
    subject: entry.subject ?? '',
  });
}

/** One field that differs between before and after, each side as readable text ('' = absent). */
export interface FieldChange {
  /** The field's path, e.g. "temperature.max"; '' when the whole value is one field. */
  field: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((each) => typeof each !== 'object' || each === null)) {
    return value.map((each) => String(each)).join(', ');
  }
  return JSON.stringify(value);
}

function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (isRecord(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix === '' ? key : `${prefix}.${key}`, into);
    }
  } else if (value !== undefined && value !== null) {
    into.set(prefix, value);
  }
}

/**
 * Before and after as the fields that changed, nested objects spelled out to their leaves
 * ("temperature.max: 8 → 6"), so a person reads what changed instead of two JSON documents.
 */
export function differenceOf(before: unknown, after: unknown): FieldChange[] {
  const old = new Map<string, unknown>();
  const now = new Map<string, unknown>();
  flatten(before, '', old);
  flatten(after, '', now);
  const fields = [...new Set([...old.keys(), ...now.keys()])].sort();
  return fields
    .filter((field) => JSON.stringify(old.get(field)) !== JSON.stringify(now.get(field)))
    .map((field) => ({ field, before: text(old.get(field)), after: text(now.get(field)) }));
}

/** The difference in one line for an export: "temperature.max: 8 → 6; interval: 0 → 60". */
export function differenceLine(before: unknown, after: unknown): string {
  return differenceOf(before, after)
    .map(
      ({ field, before: b, after: a }) =>
        `${field === '' ? '' : `${field}: `}${b || '∅'} → ${a || '∅'}`,
    )
    .join('; ');
}
