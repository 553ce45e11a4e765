import { z } from 'zod';
import { TimesliceList } from '../../contract/timeslice.ts';
import {
  HISTORY_DEFAULT_COUNT,
  HISTORY_MAX_COUNT,
  HISTORY_MAX_SPAN_MS,
} from '../../contract/limits.ts';
import type { Services } from '../services.ts';
import { responses, sendJsonText, type ZodApp } from '../http/zod-app.ts';
import { badRequest } from '../http/errors.ts';
import { Count, EpochMs, Uuid } from '../schemas/params.ts';
import { channelResolver } from './channel-access.ts';

export function historyRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);
  app.get(
    '/v1/channels/:channelUuid/history',
    {
      schema: {
        tags: ['channels'],
        summary: 'History of a channel',
        description:
          `Sensor: its data; node: the node and its sensors; group: every member node with its ` +
          `sensors. \`from\` and \`to\` are epoch ms, both inclusive; \`to\` defaults to now, ` +
          `\`from\` to \`to\` − 24 h, \`count\` to ${HISTORY_DEFAULT_COUNT}. At most ` +
          `${HISTORY_MAX_SPAN_MS} ms and ${HISTORY_MAX_COUNT} items per request. Newest first; ` +
          'when the range holds more than `count`, the newest are returned: page backwards with ' +
          '`to` = the oldest `ts` received and drop items already seen (same sensorUuid and ts). ' +
          'Needs READ on assets.history or groups.history.',
        params: z.object({ channelUuid: Uuid }),
        querystring: z.strictObject({
          from: EpochMs.optional(),
          to: EpochMs.optional(),
          count: Count.optional(),
        }),
        response: responses(TimesliceList),
      },
    },
    async (request, reply) => {
      const to = request.query.to ?? services.now();
      const from = request.query.from ?? to - HISTORY_MAX_SPAN_MS;
      const count = request.query.count ?? HISTORY_DEFAULT_COUNT;
      if (from > to) throw badRequest('from must not be after to.');
      if (to - from > HISTORY_MAX_SPAN_MS) {
        throw badRequest(
          `The range spans ${to - from} ms, more than one day (${HISTORY_MAX_SPAN_MS} ms); ask for one day at a time.`,
        );
      }
      const channel = await channelFor(request, {
        operation: 'READ',
        on: 'history',
        action: 'reading history',
      });
      const json = await services.timeslices.historyJson(channel, from, to, count);
      return sendJsonText(reply, json);
    },
  );
}
