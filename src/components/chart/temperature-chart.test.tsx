import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chartMargin, plotBox, plotWidth, yAxisWidth } from './plot-geometry.ts';
import { TemperatureChart } from './temperature-chart.tsx';

const MIN = 60_000;
const T = Date.UTC(2026, 10, 26, 3, 0, 0);
const window = { from: T, to: T + 60 * MIN };

const line = {
  key: 'temp',
  label: 'Reefer 02 · temp',
  color: '#1c7ed6',
  ts: Float64Array.of(T, T + 20 * MIN, T + 40 * MIN),
  values: Float64Array.of(5, 11, 6),
};

function chart(props: Partial<Parameters<typeof TemperatureChart>[0]> = {}) {
  return render(
    <MantineProvider>
      <TemperatureChart
        width={600}
        lines={[line]}
        extent={[5, 11]}
        window={window}
        onZoom={() => undefined}
        cursor={undefined}
        onCursor={() => undefined}
        legend={[]}
        timeZone="UTC"
        {...props}
      />
    </MantineProvider>,
  );
}

/** The axis labels as drawn: text and where its anchor sits. */
function labels(container: HTMLElement) {
  return [...container.querySelectorAll('.chart-axis-labels text')].map((text) => ({
    text: text.textContent,
    x: Number(text.getAttribute('x')),
    y: Number(text.getAttribute('y')),
  }));
}

describe('the temperature chart', () => {
  it('labels the time axis under the plot and the degrees beside it, each where its value is', () => {
    const { container } = chart();
    const plot = plotBox(600, 280);
    const bottom = plot.top + plot.height;
    const drawn = labels(container);
    // 4 to 12 °C in steps of 2 (the domain around 5–11), the highest at the top.
    const degrees = drawn.filter((label) => label.text?.endsWith('°C'));
    expect(degrees.map((label) => label.text)).toEqual([
      '4\u00a0°C',
      '6\u00a0°C',
      '8\u00a0°C',
      '10\u00a0°C',
      '12\u00a0°C',
    ]);
    expect(degrees.every((label) => label.x < plot.left)).toBe(true);
    expect(degrees.at(-1)?.y).toBeCloseTo(plot.top, 0);
    expect(degrees[0]?.y).toBeCloseTo(bottom, 0);
    // Every quarter of the hour (a label per 110 px of a 520 px plot), each at its time across it.
    const times = drawn.filter((label) => !label.text?.endsWith('°C'));
    expect(times.map((label) => label.text)).toEqual([
      '3:00:00 AM',
      '3:15:00 AM',
      '3:30:00 AM',
      '3:45:00 AM',
      '4:00:00 AM',
    ]);
    times.forEach((label, i) => {
      expect(label.y).toBeGreaterThan(bottom);
      expect(label.x).toBeCloseTo(plot.left + (plot.width * i) / 4, 0);
    });
  });

  it('names each shaded excursion with its span, and leaves the bands’ shading unnamed', () => {
    chart({
      limits: [{ key: '8', label: '8 °C', value: 8 }],
      shades: [
        { from: T + 20 * MIN, to: T + 40 * MIN, label: 'Excursion of Reefer 02 · temp' },
        { from: T + 50 * MIN, to: T + 51 * MIN, strength: 0.25 },
      ],
    });
    const shade = screen.getByRole('img', { name: 'Excursion of Reefer 02 · temp' });
    expect(shade).toHaveAttribute('data-from', String(T + 20 * MIN));
    expect(shade).toHaveAttribute('data-to', String(T + 40 * MIN));
    // Drawn over the span it names: a third of the plot wide, from a third of the way in.
    const plot = plotWidth(600);
    expect(Number(shade.getAttribute('width'))).toBeCloseTo(plot / 3, 0);
    expect(Number(shade.getAttribute('x'))).toBeCloseTo(
      chartMargin.left + yAxisWidth + plot / 3,
      0,
    );
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });
});
