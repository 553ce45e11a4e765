export interface BoundedOptions {
  /** At most this many in flight at once. */
  concurrency: number;
  /** Once aborted, nothing new starts; what is in flight is the worker's to cancel. */
  signal: AbortSignal;
  /** After the first failure nothing new starts, and the run rejects with that failure. */
  stopOnError?: boolean;
}

/**
 * Runs `work` for each item in order, with at most `concurrency` in flight: enough to overlap
 * latency, few enough that a browser (and the cloud) is never handed thousands at once. Without
 * `stopOnError`, a failing item is the worker's to report and the rest go on.
 */
export async function forEachBounded<T>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<void>,
  { concurrency, signal, stopOnError = false }: BoundedOptions,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!failure && !signal.aborted && next < items.length) {
      const index = next++;
      try {
        await work(items[index] as T, index);
      } catch (error) {
        if (!stopOnError) throw error;
        failure ??= { error };
      }
    }
  };
  const workers = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  signal.throwIfAborted();
  if (failure) throw failure.error;
}
