import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Text } from '@mantine/core';
import { useEngineAnswer } from '../../api/history-engine/use-engine-answer.ts';
import type { RangeHistory } from '../../api/history-engine/use-range-history.ts';
import { describeValue } from '../../lib/history/describe-value.ts';
import { formatInstant } from '../../lib/history/format-time.ts';
import styles from './history.module.css';

const ROW_HEIGHT = 28;
/** Rows are asked of the engine in blocks, so scrolling asks again only every so many rows. */
const BLOCK = 100;
const columns = ['Time', 'Node', 'Sensor', 'Type', 'Value', 'Gateway'] as const;
/**
 * Room for "Nov 21, 2026, 21:16:31", a node or gateway name and "TEMP"; the value takes the rest.
 * The table never gets narrower than their sum (history.module.css): on a narrow screen it
 * scrolls sideways instead of cutting every cell down to a few letters.
 */
const widths = ['11.5rem', '8rem', '6rem', '4.5rem', 'auto', '10.5rem'];

/**
 * Every message of the range, newest first. Only the rows in view are in the page, and only they
 * are read from the engine's columns (a block around them): a month of messages is never a
 * month of objects here.
 */
export function RawTable({ history }: { history: RangeHistory }) {
  const scroller = useRef<HTMLDivElement>(null);
  const count = history.messages;
  // eslint-disable-next-line react-hooks/incompatible-library -- nothing here is memoized by the compiler
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0]?.index ?? 0;
  const start = Math.max(0, Math.floor(first / BLOCK) * BLOCK - BLOCK / 2);
  const block = useEngineAnswer(
    history,
    count > 0 ? { kind: 'rows', start, count: 2 * BLOCK } : undefined,
  );
  if (count === 0) {
    return (
      <Text c="dimmed">
        {history.status === 'loading' ? 'Loading messages…' : 'No messages in this range.'}
      </Text>
    );
  }
  const before = rows[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0);
  const loaded = block.data;
  return (
    // The scroll region holds the table; it is focusable so keyboard users can scroll it
    // (axe: scrollable-region-focusable).
    <div
      ref={scroller}
      className={styles.rawScroll}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label="Raw messages"
    >
      <table className={styles.rawTable} aria-rowcount={count + 1}>
        <colgroup>
          {widths.map((width, i) => (
            <col key={i} style={{ width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: before, padding: 0 }} />
            </tr>
          )}
          {rows.map((row) => {
            const item = loaded?.rows[row.index - loaded.start];
            if (!item) {
              return (
                <tr key={row.key} aria-rowindex={row.index + 2}>
                  <td colSpan={columns.length}>
                    <Text span size="xs" c="dimmed">
                      Reading…
                    </Text>
                  </td>
                </tr>
              );
            }
            return (
              <tr key={row.key} aria-rowindex={row.index + 2}>
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
              <td colSpan={columns.length} style={{ height: after, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
