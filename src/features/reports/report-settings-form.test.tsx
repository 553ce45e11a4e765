import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/i18n.ts';
import { limitsText } from '../../lib/reports/limits-text.ts';
import { defaultReportSettings } from '../../lib/reports/settings.ts';
import { ReportSettingsForm } from './report-settings-form.tsx';

const show = (onChange = vi.fn()) =>
  render(
    <MantineProvider env="test">
      <ReportSettingsForm settings={defaultReportSettings} onChange={onChange} />
    </MantineProvider>,
  );

describe('the report settings', () => {
  it('say what is wrong in English, and apply nothing while a field is wrong', async () => {
    const onChange = vi.fn();
    show(onChange);
    const stop = screen.getByRole('textbox', { name: 'Shortest stop (min)' });
    await userEvent.clear(stop);
    await userEvent.type(stop, '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Between 1 and 1,440 min.')).toBeVisible();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Default settings' })).toBeVisible();
  });

  it('speak Dutch, with the locale’s digits', async () => {
    applyLanguage('nl', ['nl-NL']);
    show();
    expect(screen.getByRole('form', { name: 'Rapportinstellingen' })).toBeVisible();
    const trip = screen.getByRole('textbox', { name: 'Kortste rit (m)' });
    await userEvent.clear(trip);
    await userEvent.type(trip, 'veel');
    const stop = screen.getByRole('textbox', { name: 'Kortste stop (min)' });
    await userEvent.clear(stop);
    await userEvent.type(stop, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
    expect(screen.getByText('Vul een getal in.')).toBeVisible();
    expect(screen.getByText('Tussen 1 en 1.440 min.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Standaardinstellingen' })).toBeVisible();
  });
});

describe('temperature limits in words', () => {
  it('in English and Dutch, with a true minus and the locale’s decimal sign', () => {
    expect(limitsText({ min: -25, max: -15 })).toBe('\u221225 °C to \u221215 °C');
    expect(limitsText(undefined)).toBe('no limits');
    applyLanguage('nl', ['nl-NL']);
    expect(limitsText({ min: 2.5, max: 8 })).toBe('2,5 °C tot 8 °C');
    expect(limitsText({ max: 8 })).toBe('hoogstens 8 °C');
    expect(limitsText({})).toBe('geen grenzen');
  });
});
