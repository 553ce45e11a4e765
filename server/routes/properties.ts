import { z } from 'zod';
import { StatusResult } from '../../contract/status.ts';
import { PROPERTIES_MAX_BYTES, PROPERTIES_MAX_DEPTH } from '../../contract/limits.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { channelResolver } from './channel-access.ts';

/** How deeply objects and arrays nest in a parsed JSON value (1 for `{}`), without recursion. */
function nestingOf(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** A URL-encoded JSON object, stored compact. */
const PropertiesParam = z
  .string()
  .transform((text, context) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: 'must be valid JSON' });
      return z.NEVER;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      context.addIssue({
        code: 'custom',
        message: 'must be a JSON object, such as {"site":"north"}',
      });
      return z.NEVER;
    }
    // JSON.stringify recurses: thousands of nested brackets would overflow the stack (a 500).
    if (nestingOf(parsed) > PROPERTIES_MAX_DEPTH) {
      context.addIssue({
        code: 'custom',
        message: `must nest objects and arrays at most ${PROPERTIES_MAX_DEPTH} levels deep`,
      });
      return z.NEVER;
    }
    const compact = JSON.stringify(parsed);
    if (Buffer.byteLength(compact) > PROPERTIES_MAX_BYTES) {
      context.addIssue({
        code: 'custom',
        message: `must be at most ${PROPERTIES_MAX_BYTES} bytes of JSON`,
      });
      return z.NEVER;
    }
    return compact;
  })
  .meta({ description: 'URL-encoded JSON object; overwrites the old properties' });

export function propertiesRoutes(app: ZodApp, services: Services): void {
  const params = z.object({ channelUuid: Uuid });
  const channelFor = channelResolver(services);

  app.put(
    '/v1/channels/:channelUuid/properties',
    {
      schema: {
        tags: ['channels'],
        summary: 'Set properties',
        description:
          `Needs UPDATE on the channel's object type. At most ${PROPERTIES_MAX_BYTES} bytes, ` +
          `nested at most ${PROPERTIES_MAX_DEPTH} levels.`,
        params,
        querystring: z.strictObject({ properties: PropertiesParam }),
        response: responses(StatusResult),
      },
    },
    async (request) => {
      const channel = await channelFor(request, {
        operation: 'UPDATE',
        action: 'setting properties',
      });
      await services.store.channels.setProperties(channel.id, request.query.properties);
      return { status: 'OK' as const };
    },
  );

  app.delete(
    '/v1/channels/:channelUuid/properties',
    {
      schema: {
        tags: ['channels'],
        summary: 'Remove properties',
        params,
        querystring: NoQuery,
        response: responses(StatusResult),
      },
    },
    async (request) => {
      const channel = await channelFor(request, {
        operation: 'UPDATE',
        action: 'removing properties',
      });
      await services.store.channels.setProperties(channel.id, null);
      return { status: 'OK' as const };
    },
  );
}
