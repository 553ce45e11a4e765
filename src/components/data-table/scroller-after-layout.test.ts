import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it, vi } from 'vitest';
import { scrollUnlessThere } from './scroller-after-layout.ts';

/** A virtualiser as far as its scroll function sees it: its scroller and its axis. */
function virtualizerOver(scrollTo: (options: ScrollToOptions) => void) {
  const scroller = { scrollTo };
  return { scrollElement: scroller, options: { horizontal: false } } as unknown as Virtualizer<
    HTMLDivElement,
    Element
  >;
}

describe('the data table’s scrolling', () => {
  it('leaves a new scroller at the top without writing it there, and makes every later write', () => {
    const scrollTo = vi.fn();
    const table = virtualizerOver(scrollTo);
    scrollUnlessThere(0, {}, table);
    expect(scrollTo).not.toHaveBeenCalled();
    scrollUnlessThere(480, {}, table);
    scrollUnlessThere(0, {}, table);
    expect(scrollTo.mock.calls.map(([options]) => (options as ScrollToOptions).top)).toEqual([
      480, 0,
    ]);
  });

  it('makes a first write that goes anywhere but the top', () => {
    const scrollTo = vi.fn();
    scrollUnlessThere(0, { adjustments: 96 }, virtualizerOver(scrollTo));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 96 }));
  });
});
