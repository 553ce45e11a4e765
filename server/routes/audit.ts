import { z } from 'zod';
import { AUDIT_PAGE, AUDIT_PAGE_MAX, AuditKind, AuditPage } from '../../contract/audit.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { countUpTo, EpochMs, TenantChoice, Uuid } from '../schemas/params.ts';
import { operationNeeds } from './operation-needs.ts';

const Cursor = z
  .string()
  .regex(/^\d{1,15}$/, 'must be the `next` of a previous page')
  .transform(Number);

/** Our extension: the audit trail (docs/decisions/0070-audit-trail.md). */
export function auditRoutes(app: ZodApp, services: Services): void {
  app.get(
    '/v1/audit',
    {
      schema: {
        tags: ['extension: audit'],
        summary: 'The audit trail (extension)',
        description:
          'Every change made through the API or `npm run permission-sets`, with who made it, ' +
          'from where (console, script, the tenant’s identity provider, an operator), when, on ' +
          'which channel, and the values before and after (a push secret only as "changed"). ' +
          'Written in the same transaction as the change: a refused or failed change leaves no ' +
          'entry. Entries of the tenants where the caller holds READ on `audit`, newest first, ' +
          `${AUDIT_PAGE} a page unless \`limit\` says otherwise (at most ${AUDIT_PAGE_MAX}); ` +
          'pass `next` as `cursor` for the page after. `channel` also finds the entries of the ' +
          'groups it joined or left. Kept AUDIT_RETENTION_DAYS days when that is set.',
        querystring: z.strictObject({
          channel: Uuid.optional(),
          actor: z.string().min(1).max(300).optional().describe('A username'),
          kind: AuditKind.optional(),
          tenant: TenantChoice.optional().describe('Only this tenant’s entries'),
          from: EpochMs.optional(),
          to: EpochMs.optional(),
          cursor: Cursor.optional(),
          limit: countUpTo(AUDIT_PAGE_MAX).optional(),
        }),
        response: responses(AuditPage, ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN']),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { channel, actor, kind, tenant, from, to, cursor } = request.query;
      if (from !== undefined && to !== undefined && from > to) {
        throw badRequest('query parameter \'from\': must not be after "to".');
      }
      const need = operationNeeds['GET /v1/audit'].someTenant;
      let tenants = need.objectTypes.flatMap((type) => caller.tenantsWith(type, need.operation));
      if (tenant !== undefined) tenants = tenants.filter((each) => each === tenant);
      if (tenants.length === 0) {
        throw forbidden(
          `Refused: ${need.action} needs ${need.operation} on ${need.objectTypes.join(' or ')} in ${
            tenant === undefined ? 'a tenant' : `tenant ${tenant}`
          }.`,
        );
      }
      const limit = request.query.limit ?? AUDIT_PAGE;
      const entries = await services.store.audit.list({
        tenants,
        limit,
        ...(channel !== undefined ? { channelUuid: channel } : {}),
        ...(actor !== undefined ? { actor } : {}),
        ...(kind !== undefined ? { kind } : {}),
        ...(from !== undefined ? { from } : {}),
        ...(to !== undefined ? { to } : {}),
        ...(cursor !== undefined ? { before: cursor } : {}),
      });
      const page = entries.slice(0, limit);
      const last = page.at(-1);
      return entries.length > limit && last ? { entries: page, next: last.id } : { entries: page };
    },
  );
}
