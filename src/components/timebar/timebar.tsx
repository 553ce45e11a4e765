import { useEffect, useRef } from 'react';

export interface TimebarProps {
  /** A state per pixel column (an index into `colors`). */
  states: Uint8Array;
  colors: readonly string[];
  /** What it shows, for people who cannot see it. */
  label: string;
  height?: number;
}

/** A strip of coloured runs, one pixel column per state, drawn on a canvas. */
export function Timebar({ states, colors, label, height = 14 }: TimebarProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, states.length) * ratio;
    canvas.height = height * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, states.length, height);
    let start = 0;
    for (let c = 1; c <= states.length; c++) {
      if (c < states.length && states[c] === states[start]) continue;
      context.fillStyle = colors[states[start] ?? 0] ?? 'transparent';
      context.fillRect(start, 0, c - start, height);
      start = c;
    }
  }, [states, colors, height]);
  return (
    <div role="img" aria-label={label}>
      <canvas
        ref={ref}
        aria-hidden
        // The engine's columns, stretched to the width there is.
        style={{ width: '100%', height, display: 'block', borderRadius: 2 }}
      />
    </div>
  );
}
