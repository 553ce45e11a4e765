import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';

/** One column of a channel table: its header, its width and what each row shows in it. */
export interface ChannelColumn {
  /** What the column is called; with `hideHeader` only screen readers read it (an action column). */
  header: string;
  hideHeader?: boolean;
  /**
   * A CSS grid track ("116px", "minmax(160px, 2fr)") and the narrowest it may get, in pixels. Every
   * row is its own grid, so widths cannot follow the content: a fixed column fits its widest badge
   * or button with the cell's padding, in the system fonts of both themes.
   */
  track: string;
  minWidth: number;
  align?: 'end';
  cell: (channel: ChannelRecord) => ReactNode;
}

const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 36;
/** Up to this many rows are all in the page, so the browser's find and a screen reader see them all. */
const PLAIN_MAX_ROWS = 1000;

/**
 * Channel records as a table with the columns given (./channel-columns.tsx has the usual ones).
 * With a `height`, or more than PLAIN_MAX_ROWS rows, it scrolls inside itself and only the rows in
 * view are in the DOM, so 10000+ channels scroll and filter as smoothly as 50; aria-rowcount and
 * aria-rowindex tell assistive technology the full size and each row's place. Narrower than the
 * columns' minimum, the table scrolls sideways instead of cutting cells.
 */
export function ChannelTable({
  channels,
  columns,
  label,
  height,
}: {
  channels: readonly ChannelRecord[];
  columns: readonly ChannelColumn[];
  label: string;
  height?: number | string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = height !== undefined || channels.length > PLAIN_MAX_ROWS;
  // eslint-disable-next-line react-hooks/incompatible-library -- nothing here is memoized by the compiler
  const virtualizer = useVirtualizer({
    enabled: virtual,
    count: channels.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => channels[index]?.uuid ?? index,
  });
  const gridTemplateColumns = columns.map((column) => column.track).join(' ');
  const minWidth = columns.reduce((sum, column) => sum + column.minWidth, 0);
  const row = (channel: ChannelRecord, index: number, style?: CSSProperties) => (
    <div
      key={channel.uuid}
      role="row"
      aria-rowindex={index + 2}
      className="tc-row"
      style={{ gridTemplateColumns, minWidth, height: ROW_HEIGHT, ...style }}
    >
      {columns.map((column) => (
        <div role="cell" key={column.header} style={{ textAlign: column.align }}>
          {column.cell(channel)}
        </div>
      ))}
    </div>
  );

  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={label}
      aria-rowcount={channels.length + 1}
      style={{
        height: virtual ? (height ?? `max(${HEADER_HEIGHT + 6 * ROW_HEIGHT}px, 70dvh)`) : undefined,
        overflow: 'auto',
        position: 'relative',
      }}
      // The scroller holds focusable links; as a region it can also be scrolled by keyboard.
      tabIndex={-1}
    >
      <div role="rowgroup">
        <div
          role="row"
          aria-rowindex={1}
          className="tc-row tc-head"
          style={{ gridTemplateColumns, height: HEADER_HEIGHT, minWidth }}
        >
          {columns.map((column) => (
            <div role="columnheader" key={column.header}>
              {column.hideHeader ? (
                <span className="tc-sr-only">{column.header}</span>
              ) : (
                column.header
              )}
            </div>
          ))}
        </div>
      </div>
      {virtual ? (
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const channel = channels[item.index];
            return channel === undefined
              ? null
              : row(channel, item.index, {
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${item.start}px)`,
                });
          })}
        </div>
      ) : (
        <div role="rowgroup">{channels.map((channel, index) => row(channel, index))}</div>
      )}
    </div>
  );
}
