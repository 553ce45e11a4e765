import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '../../lib/history/format-time.ts';
import { MomentSlider } from './moment-slider.tsx';

const now = Date.UTC(2026, 10, 21, 12, 7);
const show = (moment: number | undefined) =>
  render(
    <MantineProvider env="test">
      <MomentSlider moment={moment} onMoment={() => undefined} now={now} />
    </MantineProvider>,
  );

describe('MomentSlider', () => {
  it('reads out the moment as a date and time, not as epoch milliseconds', () => {
    const moment = Date.UTC(2026, 10, 20, 8, 30);
    show(moment);
    const slider = screen.getByRole('slider', { name: 'Moment shown on the map' });
    expect(slider).toHaveAttribute('aria-valuetext', formatInstant(moment));
    expect(slider.getAttribute('aria-valuetext')).toMatch(/2026/);
  });

  it('names no time zone of its own: the page names it once (issue 22)', () => {
    const moment = Date.UTC(2026, 10, 20, 8, 30);
    show(moment);
    const shown = screen.getByText(/^Positions at /).textContent ?? '';
    const zone = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' })
      .formatToParts(moment)
      .find((part) => part.type === 'timeZoneName')?.value;
    expect(zone).toBeTruthy();
    expect(shown).not.toContain(zone);
    expect(
      screen
        .getByRole('slider', { name: 'Moment shown on the map' })
        .getAttribute('aria-valuetext'),
    ).not.toContain(zone);
  });

  it('reads out "Now" when the map is live', () => {
    show(undefined);
    expect(screen.getByRole('slider', { name: 'Moment shown on the map' })).toHaveAttribute(
      'aria-valuetext',
      'Now',
    );
  });
});
