import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef, type ReactNode } from 'react';
import { NativeSelect } from '@mantine/core';
import { t } from '../../i18n/i18n.ts';
import type { DataColumn, PhoneRole, SortState } from './data-table.tsx';
import { observeRectAfterLayout, scrollUnlessThere } from './scroller-after-layout.ts';

/** Each column's part in a card: what it declares, or what its place in the table suggests. */
export function phoneRoles<T>(columns: readonly DataColumn<T>[]): Map<DataColumn<T>, PhoneRole> {
  const roles = new Map<DataColumn<T>, PhoneRole>();
  const declared = columns.some((c) => c.phone === 'title');
  let mains = 0;
  columns.forEach((column, index) => {
    if (column.phone) {
      roles.set(column, column.phone);
      return;
    }
    // Undeclared: the row's name first, its action beside it, two fields shown, the rest a tap away.
    if (!declared && (column.sticky === 'start' || (index === 0 && !column.hideHeader))) {
      roles.set(column, 'title');
    } else if (column.sticky === 'end' || column.hideHeader) {
      roles.set(column, 'action');
    } else if (mains < 2) {
      mains += 1;
      roles.set(column, 'main');
    } else {
      roles.set(column, 'more');
    }
  });
  return roles;
}

/** Fields as a description list: each header beside (or above) its value. */
function Fields<T>({ row, columns }: { row: T; columns: readonly DataColumn<T>[] }) {
  return (
    <dl className="tc-card-fields">
      {columns.map((column) => (
        <div key={column.header} className="tc-card-field">
          <dt>{column.headerContent ?? column.header}</dt>
          <dd>{column.cell(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

interface CardProps<T> {
  row: T;
  roles: ReadonlyMap<DataColumn<T>, PhoneRole>;
  columns: readonly DataColumn<T>[];
}

function Card<T>({ row, roles, columns }: CardProps<T>) {
  const having = (role: PhoneRole) => columns.filter((c) => roles.get(c) === role);
  const titles = having('title');
  const actions = having('action');
  const more = having('more');
  return (
    <>
      {(titles.length > 0 || actions.length > 0) && (
        <div className="tc-card-head">
          <div className="tc-card-title">
            {titles.map((column) => (
              <span key={column.header}>{column.cell(row)}</span>
            ))}
          </div>
          {actions.map((column) => (
            <div key={column.header} className="tc-card-action">
              {column.cell(row)}
            </div>
          ))}
        </div>
      )}
      <Fields row={row} columns={having('main')} />
      {more.length > 0 && (
        <details className="tc-card-more">
          <summary>{t('table.more', { count: more.length })}</summary>
          <Fields row={row} columns={more} />
        </details>
      )}
    </>
  );
}

/** The cards' order, for the table's sortable columns: a header to tap is not there. */
export function SortChoice<T>({
  columns: sortable,
  sort,
  onSort,
}: {
  columns: readonly DataColumn<T>[];
  sort: SortState | undefined;
  onSort: (sort: SortState | undefined) => void;
}) {
  if (sortable.length === 0) return null;
  return (
    <NativeSelect
      size="sm"
      mb="xs"
      label={t('table.sortLabel')}
      value={sort ? `${sort.direction}:${sort.column}` : ''}
      onChange={({ currentTarget: { value } }) => {
        // "ascending:Header": a header may hold a colon, a direction does not.
        const at = value.indexOf(':');
        onSort(
          at < 0
            ? undefined
            : {
                column: value.slice(at + 1),
                direction: value.slice(0, at) === 'descending' ? 'descending' : 'ascending',
              },
        );
      }}
      data={[
        { value: '', label: t('table.sortNone') },
        ...sortable.flatMap((column) => [
          {
            value: `ascending:${column.header}`,
            label: t('table.sortAscending', { column: column.header }),
          },
          {
            value: `descending:${column.header}`,
            label: t('table.sortDescending', { column: column.header }),
          },
        ]),
      ]}
    />
  );
}

const CARD_HEIGHT = 120;

/**
 * The table's rows as cards, one below the other, for a screen narrower than its columns
 * (decision 0163): each card has the row's name and action on top, the fields that matter
 * below, the rest behind "More". No sideways scrolling; values wrap between words only
 * (global.css). `virtual`: in a scroller of its own, only the cards in view in the DOM.
 */
export function PhoneCards<T>({
  rows,
  columns,
  label,
  rowKey,
  virtual,
  height,
  toolbar,
}: {
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  label: string;
  rowKey: (row: T, index: number) => string;
  virtual: boolean;
  height: number | string | undefined;
  toolbar: ReactNode;
}) {
  const roles = phoneRoles(columns);
  const scrollRef = useRef<HTMLDivElement>(null);
  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row, index);
    },
    [rows, rowKey],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- nothing here is memoized by the compiler
  const virtualizer = useVirtualizer({
    enabled: virtual,
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT,
    overscan: 6,
    getItemKey,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollUnlessThere,
    initialRect: { width: 0, height: typeof height === 'number' ? height : window.innerHeight },
  });
  const card = (row: T, index: number, top?: number) => (
    <div
      key={rowKey(row, index)}
      role="listitem"
      className="tc-card"
      data-index={index}
      ref={top === undefined ? undefined : virtualizer.measureElement}
      style={
        top === undefined
          ? undefined
          : { position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${top}px)` }
      }
    >
      <Card row={row} roles={roles} columns={columns} />
    </div>
  );
  return (
    <div className="tc-cards">
      {toolbar}
      <div
        ref={scrollRef}
        style={virtual ? { height: height ?? '70dvh', overflowY: 'auto' } : undefined}
        // The scroller holds focusable links; as a region it can also be scrolled by keyboard.
        tabIndex={virtual ? -1 : undefined}
      >
        <div
          role="list"
          aria-label={label}
          style={virtual ? { height: virtualizer.getTotalSize(), position: 'relative' } : undefined}
        >
          {virtual
            ? virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index];
                return row === undefined ? null : card(row, item.index, item.start);
              })
            : rows.map((row, index) => card(row, index))}
        </div>
      </div>
    </div>
  );
}
