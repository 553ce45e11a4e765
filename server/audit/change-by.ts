import type { FastifyRequest } from 'fastify';
import type { Channel } from '../store/channels.ts';
import type { AuditChannel, NewAuditEntry } from '../store/audit.ts';
import { callerOf } from '../auth/authenticate.ts';

/** Who made a change through the API, when and from where: the head of its audit entry. */
export type ChangeBy = Pick<NewAuditEntry, 'at' | 'actorId' | 'actor' | 'origin'>;

/**
 * The console sends X-Requested-With with every request (src/api/client.ts); any other client
 * is a script. Nothing here is a proof of origin, only what the request says of itself.
 */
export function changeBy(request: FastifyRequest, now: number): ChangeBy {
  const { user } = callerOf(request);
  return {
    at: now,
    actorId: user.id,
    actor: user.username,
    origin: request.headers['x-requested-with'] === undefined ? 'script' : 'console',
  };
}

export const auditChannel = (channel: Pick<Channel, 'uuid' | 'name'>): AuditChannel => ({
  uuid: channel.uuid,
  name: channel.name,
});

/** Properties as an entry shows them: the object, or null when there were none. */
export const propertiesValue = (text: string | null): unknown =>
  text === null ? null : (JSON.parse(text) as unknown);
