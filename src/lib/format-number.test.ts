import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n.ts';
import { formatDegrees, formatMeasure, formatNumber } from './format-number.ts';

describe('the one number formatter', () => {
  it('writes the page’s decimals and groups', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatDegrees(1.25)).toBe('1.3 °C');
    applyLanguage('nl', ['nl-NL']);
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatDegrees(0.8)).toBe('0,8 °C');
    expect(formatMeasure(1.5, '°C')).toBe('1,5\u00a0°C');
  });

  it('writes the minus sign (U+2212) in every language, never a hyphen', () => {
    for (const language of ['en', 'nl'] as const) {
      applyLanguage(language, []);
      expect(formatDegrees(-18)).toBe('\u221218 °C');
      expect(formatMeasure(-0.5, '°C')).toMatch(/^\u22120[.,]5\u00a0°C$/);
      expect(formatNumber(-1234)).not.toContain('-');
    }
  });

  it('never writes minus zero, and a dash for what is not a number', () => {
    expect(formatDegrees(-0.04)).toBe('0 °C');
    expect(formatNumber(-0)).toBe('0');
    expect(formatDegrees(Number.NaN)).toBe('–');
    expect(formatDegrees(Number.POSITIVE_INFINITY)).toBe('–');
    expect(formatNumber(Number.NaN)).toBe('–');
  });

  it('keeps as many decimals as asked: a reading as the sensor sent it', () => {
    expect(formatDegrees(-18.125, 3)).toBe('\u221218.125 °C');
    expect(formatDegrees(-18.125)).toBe('\u221218.1 °C');
  });
});
