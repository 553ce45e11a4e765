import { expect, test } from '@playwright/test';
import { dayStart, localDay } from '../contract/local-days.ts';
import { signIn } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 22: the fleet manager's day, right in every detail.

const ZONE = 'Europe/Amsterdam';
const HOUR = 3_600_000;

/** 11:00 in Amsterdam on the newest weekday (Monday to Friday) of the demo that is past 11:00. */
function weekdayEleven(now: number): number {
  const today = localDay(now, ZONE);
  for (let day = today; day > today - 14; day--) {
    const weekday = (day + 4) % 7; // 0 = Sunday
    const at = dayStart(day, ZONE) + 11 * HOUR;
    if (weekday >= 1 && weekday <= 5 && at < now - HOUR) return at;
  }
  throw new Error('No weekday in the last two weeks');
}

test('at 11:00 of a weekday the slider shows vans driving, not all 70 parked', async ({ page }) => {
  const at = weekdayEleven(Date.now());
  await signIn(page, 'admin', paths.channels.href());
  await page.goto(`${paths.fleet.href()}?at=${at}`);
  const list = page.getByRole('table', { name: 'Nodes on the map' });
  const rows = list.getByRole('row');
  await expect(rows.filter({ hasText: 'Van 01' })).toHaveCount(1);
  // Most vans and reefers are out on their rounds at 11:00 on a weekday (server/sim/day-plan.ts);
  // some stand at a customer's, at the depot or at home.
  await expect.poll(() => rows.filter({ hasText: 'Moving' }).count()).toBeGreaterThanOrEqual(10);
  expect(await rows.filter({ hasText: 'Parked' }).count()).toBeGreaterThanOrEqual(1);
});
