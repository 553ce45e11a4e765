import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The width of the element `ref` holds, known before the first paint (so a chart's first frame
 * already holds its lines) and kept current as the layout changes; 0 until it is measured.
 */
function useWidthOf(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** `useWidthOf` with a ref of its own. */
export function useElementWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  return [ref, useWidthOf(ref)];
}
