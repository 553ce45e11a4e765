import { useEffect, useRef } from 'react';

export interface TimebarRow {
  key: string;
  label: string;
  /** A state per column (an index into `colors`). */
  states: Uint8Array;
  /** What the row shows, for people who cannot see it. */
  description: string;
}

export interface TimebarsProps {
  rows: readonly TimebarRow[];
  colors: readonly string[];
  /** Names the whole set of bars. */
  label: string;
  rowHeight?: number;
}

const GAP = 3;

/**
 * Strips of coloured runs, one per row, on one canvas stretched to the width there is (forty
 * canvases would be forty layers for the compositor on every frame). The labels are text beside
 * it, and each row's description is in a list screen readers read.
 */
export function Timebars({ rows, colors, label, rowHeight = 12 }: TimebarsProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const columns = rows.reduce((n, row) => Math.max(n, row.states.length), 1);
  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    canvas.width = columns;
    canvas.height = rows.length * (rowHeight + GAP);
    rows.forEach((row, r) => {
      const y = r * (rowHeight + GAP);
      const { states } = row;
      let start = 0;
      for (let c = 1; c <= states.length; c++) {
        if (c < states.length && states[c] === states[start]) continue;
        context.fillStyle = colors[states[start] ?? 0] ?? 'transparent';
        context.fillRect(start, y, c - start, rowHeight);
        start = c;
      }
    });
  }, [rows, colors, columns, rowHeight]);
  return (
    <div role="group" aria-label={label} style={{ display: 'flex', gap: 8 }}>
      <div
        aria-hidden
        style={{ flex: '0 0 110px', fontSize: 12, lineHeight: `${rowHeight + GAP}px` }}
      >
        {rows.map((row) => (
          <div
            key={row.key}
            style={{ height: rowHeight + GAP, overflow: 'hidden', whiteSpace: 'nowrap' }}
          >
            {row.label}
          </div>
        ))}
      </div>
      <canvas
        ref={ref}
        aria-hidden
        data-drawn-rows={rows.length}
        style={{
          flex: 1,
          minWidth: 0,
          height: rows.length * (rowHeight + GAP),
          imageRendering: 'pixelated',
          background: 'var(--mantine-color-default-border)',
        }}
      />
      <ul className="tc-sr-only">
        {rows.map((row) => (
          <li key={row.key}>{row.description}</li>
        ))}
      </ul>
    </div>
  );
}
