import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cloud, expectAccessible, signIn, type DemoUser } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// The demo fleet the cloud seeds at start (README, "Demo fleet"): fleet reaches the groups
// "Vans Westpoort" and "Cold chain", support only "Vans Zuidoost". Each sees exactly the nodes
// of its groups (and their sensors), however many other nodes there are.

/** The demo groups' members, as admin (who owns them all) reads them from the API. */
async function demoMembers(request: APIRequestContext, groups: string[]): Promise<string[]> {
  const api = cloud(request);
  const names: string[] = [];
  for (const group of await api.channels('GROUP')) {
    if (groups.includes(group.name)) {
      names.push(...(await api.members(group.uuid)).map((member) => member.name));
    }
  }
  return names.sort();
}

async function expectGroups(page: Page, groups: string[]) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Groups/ })
    .click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(groups.length + 1);
  for (const group of groups) {
    await expect(table.getByRole('link', { name: group, exact: true })).toBeVisible();
  }
}

async function expectNodes(page: Page, members: string[], outOfReach: string) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Channels/ })
    .click();
  await page.getByRole('main').getByText('Nodes', { exact: true }).click();
  await expect(page.getByText(`${members.length} channels`, { exact: true })).toBeVisible();
  const filter = page.getByRole('textbox', { name: 'Filter by name' });
  const table = page.getByRole('table', { name: 'Channels' });
  for (const name of [members[0], members.at(-1)]) {
    await filter.fill(name ?? '');
    await expect(table.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await filter.fill(outOfReach);
  await expect(page.getByText('No channel matches')).toBeVisible();
  // A node's sensors come with it: three each.
  await filter.fill('');
  await page.getByRole('main').getByText('Sensors', { exact: true }).click();
  await expect(page.getByText(`${members.length * 3} channels`, { exact: true })).toBeVisible();
}

for (const [user, groups, outOfReach] of [
  ['fleet', ['Cold chain', 'Vans Westpoort'], 'Van 02'],
  ['support', ['Vans Zuidoost'], 'Reefer 01'],
] as [DemoUser, string[], string][]) {
  test(`${user} sees exactly the members of its demo groups: ${groups.join(', ')}`, async ({
    page,
    request,
  }) => {
    const members = await demoMembers(request, groups);
    expect(members.length).toBeGreaterThan(0);
    expect(members).not.toContain(outOfReach);

    await signIn(page, user, paths.groups.href());
    await expectGroups(page, groups);
    await expectAccessible(page);
    await expectNodes(page, members, outOfReach);
  });
}
