import { HISTORY_MAX_SPAN_MS } from '../../contract/limits.ts';
import { badRequest } from '../http/errors.ts';

/**
 * `from` and `to` as history takes them (docs/decisions/0004-history.md, "History"): epoch ms, both inclusive, `to` by
 * default now and `from` one day before it; at most one day apart.
 */
export function historyRange(
  query: { from?: number | undefined; to?: number | undefined },
  now: number,
): { from: number; to: number } {
  const to = query.to ?? now;
  const from = query.from ?? to - HISTORY_MAX_SPAN_MS;
  if (from > to) throw badRequest('from must not be after to.');
  if (to - from > HISTORY_MAX_SPAN_MS) {
    throw badRequest(
      `The range spans ${to - from} ms, more than one day (${HISTORY_MAX_SPAN_MS} ms); ask for one day at a time.`,
    );
  }
  return { from, to };
}
