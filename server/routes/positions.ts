import { hash } from 'node:crypto';
import { z } from 'zod';
import { LatestPositions, type WithheldNodes } from '../../contract/positions.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { sendTaggedJson, sendTaggedPieces } from '../http/etag.ts';
import { callerOf } from '../auth/authenticate.ts';
import { EpochMs, Uuid } from '../schemas/params.ts';
import type { NodeScope } from '../store/positions.ts';
import { channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';
import { historyRange } from './history-range.ts';
import { fleetScope } from './fleet-scope.ts';

/**
 * A digest of a fleet scope, made once per scope object kept in the reach cache: the same scope
 * read again after the cache expired digests the same, so an unchanged answer still gets 304.
 */
const digests = new WeakMap<object, string>();
function scopeDigest(fleet: { scopes: readonly NodeScope[]; withheld: WithheldNodes[] }): string {
  let digest = digests.get(fleet);
  if (digest === undefined) {
    const text = JSON.stringify([
      fleet.scopes.map((s) => [s.id, s.uuid, s.name, String(s.all), s.only ? [...s.only] : null]),
      fleet.withheld,
    ]);
    digest = hash('sha1', text, 'base64url');
    digests.set(fleet, digest);
  }
  return digest;
}

/** Our extension: the newest position and temperature of every node in scope, in one request. */
export function positionRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);
  app.get(
    '/v1/positions',
    {
      schema: {
        tags: ['extension: positions'],
        summary: 'Latest positions (extension)',
        description:
          'The newest GPS message with a position and the newest TEMP message of every node, ' +
          'with the time of its newest message of any kind, within `from`…`to` (epoch ms, both ' +
          'inclusive; `to` defaults to now, `from` to one day before; at most one day, as ' +
          'history). Without `group`: every NODE channel in reach whose history the caller may ' +
          'read (READ on assets.history in its tenant, or through a reachable group with READ ' +
          'on groups.history, from the moment it joined); the others are counted per tenant in ' +
          '`withheld`. With `group`: the group’s members, each from the moment it joined, as ' +
          'its history holds them; needs READ on groups.history. Nodes with no message in the ' +
          'range are left out.',
        querystring: z.strictObject({
          group: Uuid.optional(),
          from: EpochMs.optional(),
          to: EpochMs.optional(),
        }),
        response: responses(LatestPositions),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { positions } = services.store;
      const kept = services.positions.enabled;
      const { from, to } = historyRange(request.query, services.now());
      let fleet: { scopes: NodeScope[]; withheld: WithheldNodes[] };
      if (request.query.group !== undefined) {
        const group = await channelFor(request, operationNeeds['GET /v1/positions'].channel);
        fleet = { scopes: await positions.groupScopes(group.id), withheld: [] };
      } else if (kept) {
        // Kept until reach changes (reach-cache.ts): 10,000 nodes in reach are a query, and
        // their scopes a loop, that cost more than the rest of the answer. The scope depends on
        // the caller's reach and on where it may read history, which the key names.
        const where = (objectType: string) =>
          caller.tenantsWith(objectType, 'READ').sort().join(',');
        const key = `positions:${where('assets.history')}:${where('groups.history')}`;
        fleet = await services.reach.kept(caller.user.id, key, () => fleetScope(positions, caller));
      } else {
        fleet = await fleetScope(positions, caller);
      }
      // Kept scope (a digest names it): the answer made from memory has a tag before its text,
      // from the kept version, the scope's digest and the range, so 3 MB for 10,000 nodes are
      // neither hashed nor, for a 304, made; and its nodes' text is kept as long as it holds.
      const named = request.query.group === undefined && kept ? scopeDigest(fleet) : undefined;
      const answer = await services.positions.answer(fleet.scopes, from, to, named);
      const head = `{"from":${from},"to":${to},"nodes":[`;
      const tail = `],"withheld":${JSON.stringify(fleet.withheld)}}`;
      if (named === undefined || answer.version === undefined) {
        return sendTaggedJson(request, reply, head + answer.text() + tail);
      }
      const tag = `W/"p${answer.version}.${named}.${from}.${to}"`;
      return sendTaggedPieces(request, reply, tag, () => [
        Buffer.from(head),
        ...answer.pieces(),
        Buffer.from(tail),
      ]);
    },
  );
}
