import { z } from 'zod';
import { TimesliceList } from '../../contract/timeslice.ts';
import {
  HISTORY_DEFAULT_COUNT,
  HISTORY_MAX_COUNT,
  HISTORY_MAX_SPAN_MS,
} from '../../contract/limits.ts';
import type { Services } from '../services.ts';
import { responses, sendJsonText, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { Count, EpochMs, Uuid } from '../schemas/params.ts';
import { historyRange } from './history-range.ts';
import { channelWith } from './reach.ts';

export function historyRoutes(app: ZodApp, services: Services): void {
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
      const caller = callerOf(request);
      const { from, to } = historyRange(request.query, services.now());
      const count = request.query.count ?? HISTORY_DEFAULT_COUNT;
      const { channelUuid } = request.params;
      const channel = channelWith(
        services,
        caller,
        channelUuid,
        'READ',
        'reading history',
        'history',
      );
      return sendJsonText(reply, services.history.historyJson(channel, from, to, count));
    },
  );
}
