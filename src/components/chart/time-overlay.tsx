import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import styles from './chart.module.css';
import type { PlotBox } from './plot-geometry.ts';

interface TimeOverlayProps {
  box: PlotBox;
  window: TimeSpan;
  cursor: number | undefined;
  onCursor: (ts: number) => void;
  onZoom: (window: TimeSpan) => void;
  label: string;
  valueText: string;
  tooltip: ReactNode;
}

/** Below this many pixels a drag is a click that only moves the cursor. */
const MIN_DRAG_PX = 4;

/**
 * The plot's interactive layer: a time cursor (pointer or arrow keys), drag to zoom into a span,
 * and the tooltip. Drawn in HTML over the chart so that moving the cursor never re-renders the
 * lines. For keyboard and screen reader users it is a slider over time.
 */
export function TimeOverlay({
  box,
  window,
  cursor,
  onCursor,
  onZoom,
  label,
  valueText,
  tooltip,
}: TimeOverlayProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ start: number; end: number } | undefined>();
  const span = Math.max(1, window.to - window.from);
  const toX = (ts: number) => ((ts - window.from) / span) * box.width;
  const toTs = (x: number) =>
    Math.round(window.from + (Math.min(Math.max(x, 0), box.width) / box.width) * span);
  const xOf = (event: PointerEvent) =>
    event.clientX - (ref.current?.getBoundingClientRect().left ?? 0);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const x = xOf(event);
    setDrag({ start: x, end: x });
    onCursor(toTs(x));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const x = xOf(event);
    if (drag) setDrag({ ...drag, end: x });
    onCursor(toTs(x));
  };
  const onPointerUp = () => {
    if (drag && Math.abs(drag.end - drag.start) >= MIN_DRAG_PX) {
      const a = toTs(Math.min(drag.start, drag.end));
      const b = toTs(Math.max(drag.start, drag.end));
      if (b > a) onZoom({ from: a, to: b });
    }
    setDrag(undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = cursor ?? window.from;
    const step = (event.shiftKey ? 0.1 : 0.01) * span;
    const moves: Record<string, number> = {
      ArrowLeft: at - step,
      ArrowDown: at - step,
      ArrowRight: at + step,
      ArrowUp: at + step,
      PageDown: at - 0.1 * span,
      PageUp: at + 0.1 * span,
      Home: window.from,
      End: window.to,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onCursor(Math.round(Math.min(window.to, Math.max(window.from, next))));
  };

  const cursorX =
    cursor !== undefined && cursor >= window.from && cursor <= window.to ? toX(cursor) : undefined;
  const tooltipLeft =
    cursorX !== undefined && cursorX > box.width / 2 ? undefined : (cursorX ?? 0) + 12;
  const tooltipRight = tooltipLeft === undefined ? box.width - (cursorX ?? 0) + 12 : undefined;
  return (
    <div
      ref={ref}
      className={styles.overlay}
      style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={window.from}
      aria-valuemax={window.to}
      aria-valuenow={cursor ?? window.from}
      aria-valuetext={valueText}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(undefined)}
      onKeyDown={onKeyDown}
    >
      {drag && Math.abs(drag.end - drag.start) >= MIN_DRAG_PX && (
        <div
          className={styles.selection}
          style={{ left: Math.min(drag.start, drag.end), width: Math.abs(drag.end - drag.start) }}
        />
      )}
      {cursorX !== undefined && <div className={styles.cursor} style={{ left: cursorX }} />}
      {cursorX !== undefined && tooltip && (
        <div className={styles.tooltip} style={{ left: tooltipLeft, right: tooltipRight }}>
          {tooltip}
        </div>
      )}
    </div>
  );
}
