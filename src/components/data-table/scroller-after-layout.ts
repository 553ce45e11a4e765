import { elementScroll, type Rect, type Virtualizer } from '@tanstack/react-virtual';

/**
 * What the virtualiser learns from and writes to its scroller without making the browser lay out
 * the page inside the render that mounts a table: a month's reports mount three tables in one
 * render, and each read of the layout there (or each scroll written) lays out the whole page,
 * dirty from that render (decision 0158).
 */

/**
 * The scroller's size, from a ResizeObserver alone. The library's own observer first reads
 * `clientHeight` at once (25 ms of one task for three tables). The observer's first report comes
 * after the browser's own layout of that frame, before it paints; until then `initialRect` stands
 * in.
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

const written = new WeakSet<Element>();

/**
 * The library's scroll, without its first write when that is to the top: it writes its offset as
 * soon as it sees a new scroller, and a new scroller is at the top already, so that write only
 * made the browser lay out the page at once (64 ms of a 143 ms task). Every later write is made.
 */
export function scrollUnlessThere(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>,
): void {
  const element = instance.scrollElement;
  const first = element !== null && !written.has(element);
  if (element) written.add(element);
  if (first && offset + (options.adjustments ?? 0) === 0) return;
  elementScroll(offset, options, instance);
}
