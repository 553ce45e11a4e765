import type { Timeslice } from '../../../contract/timeslice.ts';
import type { PieceLoader } from '../history/load-pieces.ts';
import type { TimeSpan } from '../history/split-range.ts';
import type { ExportWriter } from './formats.ts';

export interface ExportProgress {
  done: number;
  total: number;
  items: number;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Writes a whole range, oldest piece first, into a Blob made of one part per piece. Each piece is
 * fetched (from the cache when the page already shows it), written and released before the next,
 * with a pause in between so the page keeps responding.
 */
export async function exportRange(
  pieces: readonly TimeSpan[],
  load: PieceLoader,
  writer: ExportWriter,
  signal: AbortSignal,
  onProgress: (progress: ExportProgress) => void = () => undefined,
): Promise<Blob> {
  const parts: BlobPart[] = [writer.begin()];
  const oldestFirst = [...pieces].sort((a, b) => a.from - b.from);
  let items = 0;
  for (const [index, span] of oldestFirst.entries()) {
    const newestFirst: readonly Timeslice[] = await load(span, signal);
    const chunk = writer.chunk([...newestFirst].reverse());
    if (chunk) parts.push(new Blob([chunk]));
    items += newestFirst.length;
    onProgress({ done: index + 1, total: oldestFirst.length, items });
    await nextTask();
    signal.throwIfAborted();
  }
  parts.push(writer.end());
  return new Blob(parts, { type: writer.mimeType });
}

/** A file name people can tell apart: channel, first and last instant. */
export function exportFileName(channelName: string, range: TimeSpan, extension: string): string {
  const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(':', '');
  const name = channelName.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'history';
  return `${name}_${stamp(range.from)}_${stamp(range.to)}.${extension}`;
}
