import type { PageSource } from '../../lib/history-store/engine.ts';
import { HISTORY_COLUMNS_TYPE } from '../../../contract/history-columns.ts';
import { fetchJson, segment, type ApiClientOptions } from '../client.ts';

/**
 * The columnar extension first (our cloud's, docs/decisions/0053-columnar-history.md), the
 * interface's list from any other cloud: the engine reads whichever comes.
 */
const ACCEPT = `${HISTORY_COLUMNS_TYPE}, application/json;q=0.5`;

/**
 * History requests for the engine, through the console's one request function: the session's
 * credentials (or, in the worker, a bridge to them), its errors, its handling of a refused
 * session. The body is checked by the engine as it becomes columns.
 */
export function historySource(connection: () => ApiClientOptions | null): PageSource {
  return async ({ channelUuid, from, to, count }, signal) => {
    const path = `/v1/channels/${segment(channelUuid)}/history`;
    const { body } = await fetchJson(connection(), path, {
      query: { from, to, count },
      headers: { Accept: ACCEPT },
      signal,
    });
    return body;
  };
}
