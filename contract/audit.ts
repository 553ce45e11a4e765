import { z } from 'zod';

/** What kind of change an audit entry records (docs/decisions/0070-audit-trail.md). */
const auditKinds = [
  'group.created',
  'group.emptied',
  'group.member-added',
  'group.member-removed',
  'node.commissioned',
  'node.decommissioned',
  'properties.set',
  'properties.removed',
  'push.set',
  'push.removed',
  'permission-set.groups',
  'person.permission-sets',
  'push.tested',
  'gateway.registered',
  'alarm.acknowledged',
  'alarm.cleared',
] as const;
export const AuditKind = z.enum(auditKinds).meta({ id: 'AuditKind' });
export type AuditKind = z.infer<typeof AuditKind>;

/**
 * Where a change came from: the console (its requests say X-Requested-With), a script (any other
 * API client), the tenant's identity provider (roles synced at sign-in), or an operator's command
 * on the cloud's host (`npm run permission-sets`).
 */
const auditOrigins = ['console', 'script', 'tenant', 'operator'] as const;
export const AuditOrigin = z.enum(auditOrigins).meta({ id: 'AuditOrigin' });
export type AuditOrigin = z.infer<typeof AuditOrigin>;

const ChannelRef = z.object({ uuid: z.string(), name: z.string() });

export const AuditEntry = z
  .object({
    id: z.string().describe('Increases with every entry; the `cursor` of the next page'),
    at: z.number().int().describe('When the change was made, epoch milliseconds'),
    tenant: z.string(),
    actor: z.string().describe('The username of whoever made the change'),
    origin: AuditOrigin,
    kind: AuditKind,
    channel: ChannelRef.optional().describe('The channel changed (a group, for its members)'),
    member: ChannelRef.optional().describe('The member added to or removed from the group'),
    subject: z
      .string()
      .optional()
      .describe('What else was changed: the permission set, or the person, by name'),
    before: z.unknown().optional().describe('The value before the change (null: there was none)'),
    after: z.unknown().optional().describe('The value after the change (null: there is none)'),
    result: z.string().describe('What the change did, e.g. "OK" or "3 members removed"'),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z
  .object({
    entries: z.array(AuditEntry).describe('Newest first'),
    next: z
      .string()
      .optional()
      .describe('Pass as `cursor` for the next (older) page; absent on the last page'),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPage>;

/** Entries per page by default and at most. */
export const AUDIT_PAGE = 100;
export const AUDIT_PAGE_MAX = 1000;
