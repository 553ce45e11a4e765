import type { TimeSpan } from '../../lib/history/split-range.ts';
import type { ExportProgress } from '../../lib/history-store/queries.ts';
import type { EngineError, Progress, Query } from '../../lib/history-store/protocol.ts';

/** What the page sends the history worker. */
export type ToWorker =
  | { type: 'connect'; baseUrl: string }
  | { type: 'open'; key: string; channelUuid: string; range: TimeSpan }
  | { type: 'cancel' | 'resume' | 'close'; key: string }
  | { type: 'query'; id: number; key: string; query: Query }
  | { type: 'abort'; id: number }
  | { type: 'append'; key: string; items: unknown[] }
  | { type: 'reset' }
  | { type: 'credentials'; id: number; value: string | null };

/** What the history worker sends the page. */
export type FromWorker =
  | { type: 'progress'; key: string; progress: Progress }
  | { type: 'answer'; id: number; answer: unknown }
  | { type: 'failed'; id: number; error: EngineError }
  | { type: 'export'; id: number; progress: ExportProgress }
  | { type: 'credentials'; id: number }
  | { type: 'unauthorized'; sent: string; error: EngineError };

/**
 * The buffers of an answer's typed arrays, to transfer instead of copy. Every typed array in an
 * answer is made for that answer (lib/history-store/queries.ts never hands out the store's own
 * columns), so giving its buffer away leaves the engine's data whole.
 */
export function transferables(value: unknown, found: ArrayBuffer[] = []): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    const buffer = value.buffer;
    if (buffer instanceof ArrayBuffer && !found.includes(buffer)) found.push(buffer);
  } else if (Array.isArray(value)) {
    for (const item of value) transferables(item, found);
  } else if (typeof value === 'object' && value !== null && !(value instanceof Blob)) {
    for (const item of Object.values(value)) transferables(item, found);
  }
  return found;
}
