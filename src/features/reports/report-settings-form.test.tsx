import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultReportSettings } from '../../lib/reports/settings.ts';
import { ReportSettingsForm } from './report-settings-form.tsx';

describe('the reports’ settings', () => {
  it('go back to the defaults with a button that names no product (issue 22: "Traccar’s defaults")', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <MantineProvider env="test">
        <ReportSettingsForm
          settings={{ ...defaultReportSettings, trips: { ...defaultReportSettings.trips } }}
          onChange={onChange}
        />
      </MantineProvider>,
    );
    expect(screen.queryByText(/Traccar/)).toBeNull();
    const shortest = screen.getByRole('textbox', { name: 'Shortest stop (min)' });
    await user.clear(shortest);
    await user.type(shortest, '20');
    await user.click(screen.getByRole('button', { name: 'Default settings' }));
    expect(onChange).toHaveBeenLastCalledWith(defaultReportSettings);
    expect(shortest).toHaveValue(String(defaultReportSettings.trips.minStopMs / 60_000));
  });
});
