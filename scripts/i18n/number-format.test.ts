import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/messages/en.ts';
import { nl } from '../../src/i18n/messages/nl.ts';
import {
  numbersFormattedIn,
  numbersFormattedInConsole,
  temperaturesInMessages,
} from './number-format.ts';

/**
 * Numbers a person reads follow the page's locale and write one minus sign (U+2212): they all go
 * through src/lib/format-number.ts (issue 33: chart ticks wrote "1.5 °C" and "-0.5 °C" on a
 * Dutch page whose tables wrote "0,8 °C" and "−19 °C"). The chart's own ticks in both languages:
 * src/components/chart/chart-lines.test.tsx, also run by `npm run i18n:check`.
 */
describe('numbers are formatted by the locale, with one minus sign', () => {
  it('nothing in the console formats a number by hand', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const found = numbersFormattedInConsole(root).map((f) => `${f.file}:${f.line} ${f.text}`);
    expect(found).toEqual([]);
  });

  it('no message formats a temperature itself (formatDegrees does)', () => {
    expect(temperaturesInMessages(en)).toEqual([]);
    expect(temperaturesInMessages(nl)).toEqual([]);
  });

  it('finds a number formatted by hand and a temperature in a message (the checks themselves)', () => {
    const source = 'const a = `${value.toFixed(1)} °C`;\nconst f = new Intl.NumberFormat("nl");';
    expect(numbersFormattedIn('x.ts', source).map((f) => f.text)).toEqual([
      'value.toFixed',
      'Intl.NumberFormat',
    ]);
    expect(numbersFormattedIn('x.ts', '// i18n-exempt: a dot\nconst s = n.toFixed(5);')).toEqual(
      [],
    );
    expect(temperaturesInMessages({ 'a.b': '{value, number} °C', 'a.c': '{value}' })).toEqual([
      'a.b',
    ]);
  });
});
