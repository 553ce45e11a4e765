import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/i18n.ts';
import { ChartLines } from './chart-lines.tsx';

/** Issue 33: the value axis wrote "1.5 °C" and "-0.5 °C" on a Dutch page. Run by i18n:check. */
describe('the chart’s value axis', () => {
  const ticks = () => {
    const { container, unmount } = render(
      <ChartLines
        lines={[]}
        window={{ from: 0, to: 3_600_000 }}
        width={600}
        height={300}
        domain={[-1, 2]}
        unit="°C"
        ticks={[]}
        formatTick={() => ''}
      />,
    );
    const texts = [...container.querySelectorAll('text')].map((text) => text.textContent);
    unmount();
    return texts;
  };

  it('writes the locale’s decimals and the one minus sign', () => {
    expect(ticks()).toEqual(expect.arrayContaining(['1.5\u00a0°C', '\u22120.5\u00a0°C']));
    applyLanguage('nl', ['nl-NL']);
    expect(ticks()).toEqual(
      expect.arrayContaining(['1,5\u00a0°C', '\u22120,5\u00a0°C', '0\u00a0°C', '2\u00a0°C']),
    );
  });
});
