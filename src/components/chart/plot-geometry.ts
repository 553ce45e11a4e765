/** Where a chart's plot sits inside it, shared by the axes, the lines and the cursor's overlay. */
export const chartMargin = { top: 8, right: 16, bottom: 4, left: 4 } as const;
export const yAxisWidth = 60;
const xAxisHeight = 28;

/** The plot inside a chart: where lines are drawn and the cursor moves. */
export interface PlotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Pixel = a + b · value, for a linear axis. */
export interface Linear {
  a: number;
  b: number;
}

/** The width of the plot inside a chart `width` pixels wide: one column per pixel of it. */
export function plotWidth(width: number): number {
  return Math.max(0, Math.floor(width - chartMargin.left - yAxisWidth - chartMargin.right));
}

export function plotBox(width: number, height: number): PlotBox {
  return {
    left: chartMargin.left + yAxisWidth,
    top: chartMargin.top,
    width: plotWidth(width),
    height: Math.max(0, height - chartMargin.top - chartMargin.bottom - xAxisHeight),
  };
}

/** The linear map taking `from` to pixel `start` and `to` to pixel `end`. */
export function linearMap(from: number, to: number, start: number, end: number): Linear {
  const b = to === from ? 0 : (end - start) / (to - from);
  return { a: start - from * b, b };
}
