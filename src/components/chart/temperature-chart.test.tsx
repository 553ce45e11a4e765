import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chartMargin, plotWidth, yAxisWidth } from './chart-lines.tsx';
import { TemperatureChart } from './temperature-chart.tsx';

const MIN = 60_000;
const T = Date.UTC(2026, 10, 26, 3, 0, 0);
const window = { from: T, to: T + 60 * MIN };

describe('the temperature chart', () => {
  it('names each shaded excursion with its span, and leaves the bands’ shading unnamed', () => {
    render(
      <MantineProvider>
        <TemperatureChart
          width={600}
          lines={[
            {
              key: 'temp',
              label: 'Reefer 02 · temp',
              color: '#1c7ed6',
              ts: Float64Array.of(T, T + 20 * MIN, T + 40 * MIN),
              values: Float64Array.of(5, 11, 6),
            },
          ]}
          limits={[{ key: '8', label: '8 °C', value: 8 }]}
          shades={[
            { from: T + 20 * MIN, to: T + 40 * MIN, label: 'Excursion of Reefer 02 · temp' },
            { from: T + 50 * MIN, to: T + 51 * MIN, strength: 0.25 },
          ]}
          extent={[5, 11]}
          window={window}
          onZoom={() => undefined}
          cursor={undefined}
          onCursor={() => undefined}
          legend={[]}
        />
      </MantineProvider>,
    );
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
