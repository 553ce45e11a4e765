/**
 * Calls `each` for every item in tasks of about `budgetMs` each, the first in a task of its own,
 * so that the page's main thread is free for input and frames in between (a task over 50 ms is a
 * long task). Answers a function that stops what is left.
 */
export function inSlices<T>(
  items: readonly T[],
  each: (item: T) => void,
  budgetMs = 8,
): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slice = () => {
    const until = performance.now() + budgetMs;
    while (next < items.length) {
      each(items[next++] as T);
      if (performance.now() >= until) break;
    }
    timer = next < items.length ? setTimeout(slice, 0) : undefined;
  };
  timer = setTimeout(slice, 0);
  return () => clearTimeout(timer);
}
