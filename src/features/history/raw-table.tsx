import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  useEngineAnswer,
  useRangeProgress,
  type RangeHistory,
} from '../../api/history-engine/use-range-history.ts';
import { describeValue } from '../../lib/history/describe-value.ts';
import { formatInstant } from '../../lib/history/format-time.ts';
import { t, type MessageId } from '../../i18n/i18n.ts';
import styles from './history.module.css';
import { NothingYet } from './nothing-yet.tsx';

const ROW_HEIGHT_WIDE = 28;
/** On a phone a row is two columns of two lines (history.module.css, `.phone`). */
const PHONE_ROW_HEIGHT = 64;
const PHONE_QUERY = '(max-width: 47.99em)';
/** Rows asked of the engine at once, around the ones in view. */
const BLOCK = 200;
/** Rows drawn beyond those in view, so a short scroll shows no blank rows. */
const OVERSCAN = 10;
/**
 * Browsers cap an element's height (about 33 million pixels in Chromium); past this the scroll
 * position maps to a row by proportion instead of by row height.
 */
const MAX_HEIGHT = 8_000_000;
const columns: readonly MessageId[] = [
  'readings.raw.time',
  'readings.raw.node',
  'readings.raw.sensor',
  'readings.raw.type',
  'readings.raw.value',
  'readings.raw.gateway',
];
/**
 * Room for "Nov 21, 2026, 21:16:31", a node or gateway name and "TEMP"; the value takes the rest.
 * The table never gets narrower than their sum (history.module.css): on a narrow screen it
 * scrolls sideways instead of cutting every cell down to a few letters.
 */
const widths = ['11.5rem', '8rem', '6rem', '4.5rem', 'auto', '10.5rem'];
/** A phone's two columns: when and which node (and sensor); the value (and type, gateway). */
const phoneColumns: readonly MessageId[] = ['readings.raw.time', 'readings.raw.value'];
const phoneWidths = ['50%', '50%'];

/** Where the rows in view start, kept current as the region scrolls and resizes. */
function useScrollWindow(element: HTMLDivElement | null) {
  const [view, setView] = useState({ top: 0, height: 360 });
  useEffect(() => {
    if (!element) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView({ top: element.scrollTop, height: element.clientHeight || 360 });
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(read);
    };
    element.addEventListener('scroll', schedule, { passive: true });
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', schedule);
      observer?.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [element]);
  return view;
}

/**
 * Every message of the range, newest first. Rows have one height, so the rows in view follow from
 * the scroll position by arithmetic: no object per row exists anywhere (a month of a group is
 * 700,000 rows), and only a block around the view is read from the engine's columns.
 */
export function RawTable({ history }: { history: RangeHistory }) {
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const count = useRangeProgress(history, (p) => p.messages);
  // On a phone, two columns instead of six scrolled sideways (issue 33).
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const ROW_HEIGHT = phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT_WIDE;
  const shownColumns = phone ? phoneColumns : columns;
  const shownWidths = phone ? phoneWidths : widths;
  const view = useScrollWindow(scroller);
  const full = count * ROW_HEIGHT;
  const total = Math.min(full, MAX_HEIGHT);
  const maxTop = Math.max(1, total - view.height);
  // Past MAX_HEIGHT the scroll bar stands for proportions of the list.
  const firstVisible =
    full <= MAX_HEIGHT
      ? Math.floor(view.top / ROW_HEIGHT)
      : Math.floor(
          (Math.min(view.top, maxTop) / maxTop) * Math.max(0, count - view.height / ROW_HEIGHT),
        );
  const first = Math.max(0, Math.min(count - 1, firstVisible) - OVERSCAN);
  const last = Math.min(count - 1, firstVisible + Math.ceil(view.height / ROW_HEIGHT) + OVERSCAN);
  const start = Math.max(0, Math.floor(first / (BLOCK / 2)) * (BLOCK / 2) - BLOCK / 4);
  const block = useEngineAnswer(
    history,
    count > 0 ? { kind: 'rows', start, count: BLOCK } : undefined,
  );
  if (count === 0) {
    return <NothingYet what="messages" history={history} />;
  }
  const loaded = block.data;
  const offset =
    full <= MAX_HEIGHT ? first * ROW_HEIGHT : view.top - (firstVisible - first) * ROW_HEIGHT;
  const drawn = Math.max(0, last - first + 1);
  const after = Math.max(0, total - offset - drawn * ROW_HEIGHT);
  return (
    // The scroll region holds the table; it is focusable so keyboard users can scroll it
    // (axe: scrollable-region-focusable).
    <div
      ref={setScroller}
      className={styles.rawScroll}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={t('readings.raw.label')}
      aria-busy={!block.settled}
    >
      <table
        className={phone ? `${styles.rawTable} ${styles.phone}` : styles.rawTable}
        aria-rowcount={count + 1}
      >
        <colgroup>
          {shownWidths.map((width, i) => (
            <col key={i} style={{ width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {shownColumns.map((column) => (
              <th key={column} scope="col">
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {offset > 0 && (
            <tr aria-hidden="true">
              <td colSpan={shownColumns.length} style={{ height: offset, padding: 0 }} />
            </tr>
          )}
          {Array.from({ length: drawn }, (_, k) => {
            const index = first + k;
            const item = loaded?.rows[index - loaded.start];
            if (!item) {
              return (
                <tr key={index} aria-rowindex={index + 2}>
                  <td colSpan={shownColumns.length}>
                    <Text span size="xs" c="dimmed">
                      {t('readings.raw.reading')}
                    </Text>
                  </td>
                </tr>
              );
            }
            if (phone) {
              return (
                <tr key={index} aria-rowindex={index + 2}>
                  <td>
                    <div>{formatInstant(item.ts)}</div>
                    <div className={styles.dim}>
                      {item.nodeName} · {item.sensorName}
                    </div>
                  </td>
                  <td title={describeValue(item)}>
                    <div>{describeValue(item)}</div>
                    <div className={styles.dim}>
                      {item.type} · {item.gatewayName}
                    </div>
                  </td>
                </tr>
              );
            }
            return (
              <tr key={index} aria-rowindex={index + 2}>
                <td>{formatInstant(item.ts)}</td>
                <td>{item.nodeName}</td>
                <td>{item.sensorName}</td>
                <td>{item.type}</td>
                <td title={describeValue(item)}>{describeValue(item)}</td>
                <td>{item.gatewayName}</td>
              </tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true">
              <td colSpan={shownColumns.length} style={{ height: after, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
