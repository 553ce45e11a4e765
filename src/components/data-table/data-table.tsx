import { useVirtualizer } from '@tanstack/react-virtual';
import { observeRectAfterLayout, scrollUnlessThere } from './scroller-after-layout.ts';
import {
  memo,
  useCallback,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { t } from '../../i18n/i18n.ts';
import { PhoneCards, SortChoice } from './phone-cards.tsx';

/**
 * A column's part on a phone, where the table is a list of cards (./phone-cards.tsx): 'title'
 * heads the card (which row it is), 'action' stands beside the title, 'main' is shown below it,
 * 'more' is a tap away (behind "More"), 'omit' is left out (it repeats what the page says).
 */
export type PhoneRole = 'title' | 'main' | 'action' | 'more' | 'omit';

/**
 * The widest screen on which a table too wide for it becomes cards (a phone, a small tablet
 * upright; the fleet's map switches at the same width). The shell's padding is left off.
 */
const PHONE_MAX_PX = 767.98;
const PAGE_PADDING_PX = 32;

/** One column: its header, its width and what each row shows in it. */
export interface DataColumn<T> {
  /** What the column is called; with `hideHeader` only screen readers read it (an action column). */
  header: string;
  /** What the header shows when more than its name (words with a technical name beneath). */
  headerContent?: ReactNode;
  hideHeader?: boolean;
  /**
   * A CSS grid track ("116px", "minmax(160px, 2fr)") and the narrowest it may get, in pixels. Every
   * row is its own grid, so widths cannot follow the content: a fixed column fits its widest badge
   * or button with the cell's padding, in the system fonts of both themes.
   */
  track: string;
  minWidth: number;
  align?: 'end';
  /**
   * The cell's text wraps onto more lines (a sentence, a list of changes) instead of ending in
   * "…"; its row grows to hold it. Only in a table without a `height` (not virtualised).
   */
  wrap?: boolean;
  /**
   * Kept in view while the table scrolls sideways: the column that says which row it is
   * ('start') and the row's action ('end'), so a narrow window never hides either. The action is
   * shown right after the row's name and kept beside it: pinned to the right edge it covered the
   * column under it (Highest, Where) until the table was scrolled to its end.
   */
  sticky?: 'start' | 'end';
  cell: (row: T) => ReactNode;
  /**
   * Its part on a phone (PhoneRole). Unset: the first column is the title, an action column
   * (sticky 'end' or without a visible header) the action, the next two are shown and the rest
   * are a tap away. Declare at most three 'main' fields: a card is read at a glance.
   */
  phone?: PhoneRole;
  /** What the column sorts by; a column without it does not sort. */
  sort?: (row: T) => number | string;
}

export interface SortState {
  column: string;
  direction: 'ascending' | 'descending';
}

/**
 * The columns in the order shown: the row's name (sticky start), its action (sticky end), then
 * the rest; which of them stick, and where each action sticks: after the names, whose tracks are
 * at their narrowest whenever the table is narrow enough to scroll (the row is then exactly
 * `minWidth` wide). In a table `width` wide the columns stick only while the widest of the
 * others still fits beside them: on a phone the name and the action together would otherwise
 * leave a window too narrow to read a place in (Where) however far one scrolls. The action lets
 * go first, then the name. Width 0 (at the left edge, where sticking changes nothing): all.
 */
function arrange<T>(
  columns: readonly DataColumn<T>[],
  width: number,
): { ordered: DataColumn<T>[]; left: Map<string, number>; stuck: Set<string> } {
  const starts = columns.filter((c) => c.sticky === 'start');
  const ends = columns.filter((c) => c.sticky === 'end');
  const others = columns.filter((c) => !c.sticky);
  const widest = Math.max(0, ...others.map((c) => c.minWidth));
  const sum = (list: readonly DataColumn<T>[]) => list.reduce((total, c) => total + c.minWidth, 0);
  const fits = (list: readonly DataColumn<T>[]) => width === 0 || sum(list) + widest <= width;
  const sticking = fits([...starts, ...ends]) ? [...starts, ...ends] : fits(starts) ? starts : [];
  const left = new Map<string, number>();
  let offset = sum(starts);
  for (const column of ends) {
    left.set(column.header, offset);
    offset += column.minWidth;
  }
  return {
    ordered: [...starts, ...ends, ...others],
    left,
    stuck: new Set(sticking.map((c) => c.header)),
  };
}

/** A header's or cell's class and style: kept in view where its column sticks (global.css). */
function cellLook<T>(
  column: DataColumn<T>,
  stuck: ReadonlySet<string>,
  left: ReadonlyMap<string, number>,
): { className?: string; style: CSSProperties } {
  if (!stuck.has(column.header))
    return {
      ...(column.wrap ? { className: 'tc-wrap' } : {}),
      style: { textAlign: column.align },
    };
  return {
    className: column.wrap ? 'tc-sticky-start tc-wrap' : 'tc-sticky-start',
    style: { textAlign: column.align, left: left.get(column.header) },
  };
}

const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 36;
/** Up to this many rows are all in the page, so the browser's find and a screen reader see them all. */
const PLAIN_MAX_ROWS = 1000;

function compare(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') {
    // Missing figures (NaN) sort last either way round.
    if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
    if (Number.isNaN(b)) return -1;
    return a - b;
  }
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

interface LineProps<T> {
  row: T;
  index: number;
  columns: readonly DataColumn<T>[];
  grid: string;
  minWidth: number;
  /** Where each action column sticks (arrange). */
  left: ReadonlyMap<string, number>;
  /** The columns that stick at this width (`arrange`). */
  stuck: ReadonlySet<string>;
  height: number;
  /** Offset of a virtual row; undefined for a row in the flow. */
  top: number | undefined;
}

/**
 * One row; re-rendered only when its record, its place or the columns change, so a table whose
 * page re-renders (new data elsewhere) does not format every cell again.
 */
const Line = memo(function Line<T>({
  row,
  index,
  columns,
  grid,
  minWidth,
  left,
  stuck,
  height,
  top,
}: LineProps<T>) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="tc-row"
      style={{
        gridTemplateColumns: grid,
        minWidth,
        // A row in the flow grows with a wrapping cell; a virtual row has its place.
        ...(top === undefined ? { minHeight: height } : { height }),
        ...(top === undefined
          ? {}
          : { position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${top}px)` }),
      }}
    >
      {columns.map((column) => {
        const content = column.cell(row);
        // A cell too narrow for its text ends in "…"; the whole text is then a hover away.
        const text =
          typeof content === 'string' || typeof content === 'number' ? String(content) : undefined;
        return (
          <div role="cell" key={column.header} {...cellLook(column, stuck, left)} title={text}>
            {content}
          </div>
        );
      })}
    </div>
  );
}) as <T>(props: LineProps<T>) => ReactNode;

/**
 * Rows as a table with the columns given. With a `height`, or more than PLAIN_MAX_ROWS rows, it
 * scrolls inside itself and only the rows in view are in the DOM, so 10000+ rows scroll as
 * smoothly as 50; aria-rowcount and aria-rowindex tell assistive technology the full size and each
 * row's place. Narrower than the columns' minimum, the table scrolls sideways instead of cutting
 * cells. Columns with `sort` sort by a button in their header (aria-sort says how). `rowKey` and
 * `columns` should keep their identity across renders (module constants, or memoised): the
 * virtualiser measures every row again when the key function changes.
 */
export function DataTable<T>({
  rows,
  columns: given,
  label,
  rowKey,
  height,
  initialSort,
  rowHeight = ROW_HEIGHT,
  focusable = false,
}: {
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  label: string;
  rowKey: (row: T, index: number) => string;
  height?: number | string;
  initialSort?: SortState;
  rowHeight?: number;
  /**
   * A tab stop of its own, for a table that holds nothing focusable (no link or button) and may
   * scroll sideways: a keyboard can then scroll it too (axe's scrollable-region-focusable).
   */
  focusable?: boolean;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Columns stick only while the table is scrolled sideways (global.css, decision 0158), so its
  // width is read then, where the scroll left the layout clean: 0 at the left edge.
  const [sideways, setSideways] = useState(0);
  const {
    ordered: columns,
    left,
    stuck,
  } = useMemo(() => arrange(given, sideways), [given, sideways]);
  const [sort, setSort] = useState<SortState | undefined>(initialSort);
  const sorted = useMemo(() => {
    const by = columns.find((c) => c.header === sort?.column)?.sort;
    if (!by || !sort) return rows;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const order = compare(by(a), by(b));
      // NaN stays last in both directions.
      return Number.isNaN(by(a) as number) || Number.isNaN(by(b) as number) ? order : sign * order;
    });
  }, [rows, columns, sort]);
  const virtual = height !== undefined || rows.length > PLAIN_MAX_ROWS;
  const getItemKey = useCallback(
    (index: number) => {
      const row = sorted[index];
      return row === undefined ? index : rowKey(row, index);
    },
    [sorted, rowKey],
  );
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  // eslint-disable-next-line react-hooks/incompatible-library -- nothing here is memoized by the compiler
  const virtualizer = useVirtualizer({
    enabled: virtual,
    count: sorted.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 12,
    getItemKey,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollUnlessThere,
    // What the scroller measures once laid out (its height below): rows for the first frame.
    initialRect: {
      width: 0,
      height:
        typeof height === 'number'
          ? height
          : Math.max(HEADER_HEIGHT + 6 * rowHeight, 0.7 * window.innerHeight),
    },
  });
  const gridTemplateColumns = columns.map((column) => column.track).join(' ');
  const minWidth = columns.reduce((sum, column) => sum + column.minWidth, 0);
  const line = (row: T, index: number, top?: number) => (
    <Line
      key={rowKey(row, index)}
      row={row}
      index={index}
      columns={columns}
      grid={gridTemplateColumns}
      minWidth={minWidth}
      left={left}
      stuck={stuck}
      height={rowHeight}
      top={top}
    />
  );
  const cards = useMediaQuery(
    `(max-width: ${Math.min(PHONE_MAX_PX, minWidth + PAGE_PADDING_PX - 0.02)}px)`,
    false,
    { getInitialValueInEffect: false },
  );
  if (cards) {
    return (
      <PhoneCards
        rows={sorted}
        columns={columns}
        label={label}
        rowKey={rowKey}
        virtual={virtual}
        height={height}
        toolbar={
          <SortChoice
            // Two cards need no choice of order.
            columns={rows.length > 2 ? columns.filter((column) => column.sort) : []}
            sort={sort}
            onSort={setSort}
          />
        }
      />
    );
  }
  const toggle = (column: string) =>
    setSort((current) => ({
      column,
      direction:
        current?.column === column && current.direction === 'ascending'
          ? 'descending'
          : 'ascending',
    }));

  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      style={{
        height: virtual ? (height ?? `max(${HEADER_HEIGHT + 6 * rowHeight}px, 70dvh)`) : undefined,
        overflow: 'auto',
        position: 'relative',
      }}
      // The scroller holds focusable links; as a region it can also be scrolled by keyboard. A
      // table with nothing focusable in it is a tab stop itself, or a keyboard could not scroll it.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region (axe)
      tabIndex={focusable ? 0 : -1}
      className={sideways > 0 ? 'tc-sideways' : undefined}
      onScroll={({ currentTarget: table }) =>
        setSideways(table.scrollLeft === 0 ? 0 : table.clientWidth)
      }
    >
      <div role="rowgroup">
        <div
          role="row"
          aria-rowindex={1}
          className="tc-row tc-head"
          style={{
            gridTemplateColumns,
            // A header of two lines (words, a technical name beneath) grows to hold them.
            ...(columns.some((column) => column.headerContent)
              ? { minHeight: HEADER_HEIGHT }
              : { height: HEADER_HEIGHT }),
            minWidth,
          }}
        >
          {columns.map((column) => {
            const sorted = sort?.column === column.header ? sort.direction : undefined;
            return (
              <div
                role="columnheader"
                key={column.header}
                aria-sort={column.sort ? (sorted ?? 'none') : undefined}
                {...cellLook(column, stuck, left)}
              >
                {column.hideHeader ? (
                  <span className="tc-sr-only">{column.header}</span>
                ) : column.sort ? (
                  <UnstyledButton
                    onClick={() => toggle(column.header)}
                    fz="inherit"
                    fw="inherit"
                    aria-label={t('table.sortBy', { column: column.header })}
                  >
                    {column.headerContent ?? column.header}
                    <span aria-hidden>
                      {' '}
                      {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                    </span>
                  </UnstyledButton>
                ) : (
                  (column.headerContent ?? column.header)
                )}
              </div>
            );
          })}
        </div>
      </div>
      {virtual ? (
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = sorted[item.index];
            return row === undefined ? null : line(row, item.index, item.start);
          })}
        </div>
      ) : (
        <div role="rowgroup">{sorted.map((row, index) => line(row, index))}</div>
      )}
    </div>
  );
}
