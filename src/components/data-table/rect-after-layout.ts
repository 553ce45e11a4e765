import type { Rect, Virtualizer } from '@tanstack/react-virtual';

/**
 * The scroller's size for the virtualiser, from a ResizeObserver alone. The library's own
 * observer first reads `clientHeight` at once, inside the render that mounts the table, which
 * makes the browser lay out the whole page there: a month's reports mounting three tables spent
 * 25 ms of one task on it (decision 0158). The observer's first report comes after the browser's
 * own layout of that frame, before it paints; until then `initialRect` stands in.
 */
export function observeRectAfterLayout(
  instance: Virtualizer<HTMLDivElement, Element>,
  report: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(() =>
    report({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element);
  return () => observer.disconnect();
}
