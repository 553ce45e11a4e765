import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatInstantWithZone } from '../../lib/history/format-time.ts';
import { MomentSlider } from './moment-slider.tsx';

const now = Date.UTC(2026, 10, 21, 12, 7);
const show = (moment: number | undefined) =>
  render(
    <MantineProvider env="test">
      <MomentSlider moment={moment} onMoment={() => undefined} now={now} />
    </MantineProvider>,
  );

describe('MomentSlider', () => {
  it('reads out the moment as a date and time with its zone, not as epoch milliseconds', () => {
    const moment = Date.UTC(2026, 10, 20, 8, 30);
    show(moment);
    const slider = screen.getByRole('slider', { name: 'Moment shown on the map' });
    expect(slider).toHaveAttribute('aria-valuetext', formatInstantWithZone(moment));
    expect(slider.getAttribute('aria-valuetext')).toMatch(/2026/);
  });

  it('reads out "Now" when the map is live', () => {
    show(undefined);
    expect(screen.getByRole('slider', { name: 'Moment shown on the map' })).toHaveAttribute(
      'aria-valuetext',
      'Now',
    );
  });
});
