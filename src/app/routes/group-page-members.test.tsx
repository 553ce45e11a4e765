import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { applyLanguage } from '../../i18n/i18n.ts';
import type { PermissionMap } from '../../lib/permissions.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component as GroupPage } from './group-page.tsx';

// Issue 22: "Remove all 1 members?", and Add members offering acme's nodes to a demo group (the
// cloud then refused each after submit). The group page is heavy for jsdom on a busy machine:
// every wait is bounded, generously.
const PATIENCE = { timeout: 15_000 };

const GROUP = '5a000000-0000-4000-8000-000000000001';
const node = (n: number, name: string, tenant?: string): ChannelRecord => ({
  uuid: `5a000000-0000-4000-8000-00000000000${n}`,
  channelType: 'NODE',
  name,
  active: true,
  pushInterval: 0,
  ...(tenant ? { tenant } : {}),
});
const group: ChannelRecord = {
  uuid: GROUP,
  channelType: 'GROUP',
  name: 'Vans',
  active: true,
  pushInterval: 0,
  tenant: 'demo',
};
const van01 = node(2, 'Van 01', 'demo');
const van02 = node(3, 'Van 02', 'demo');
const acmeTruck = node(4, 'Truck 01', 'acme');
const editor: PermissionMap = {
  'demo:groups': ['READ', 'UPDATE', 'DELETE'],
  'demo:assets': ['READ'],
};

function openGroup(
  members: ChannelRecord[],
  permissions: PermissionMap = editor,
  groupArrives: Promise<unknown> = Promise.resolve(),
) {
  fakeCloud(async (url) => {
    if (url.pathname === `/v1/channels/${GROUP}`) {
      await groupArrives;
      return json(group);
    }
    if (url.pathname === `/v1/groups/${GROUP}`) return json(members);
    if (url.pathname === '/v1/channels') return json([group, van01, van02, acmeTruck]);
    return json({ paths: {} });
  });
  renderPage(<GroupPage />, permissions, {
    path: '/groups/:groupUuid',
    url: `/groups/${GROUP}`,
  });
}

describe('a group’s members', () => {
  it('asks to remove "the only member", never "all 1 members"', async () => {
    openGroup([van01]);
    await screen.findByRole('heading', { name: 'Members (1)' }, PATIENCE);
    await userEvent.click(screen.getByRole('button', { name: 'Remove all' }));
    const dialog = await screen.findByRole('dialog', {}, PATIENCE);
    expect(within(dialog).getByText('Remove the only member?')).toBeVisible();
    expect(dialog).not.toHaveTextContent(/all 1 members/);
  });

  it('asks to remove all of several members by their number', async () => {
    openGroup([van01, van02]);
    await screen.findByRole('heading', { name: 'Members (2)' }, PATIENCE);
    await userEvent.click(screen.getByRole('button', { name: 'Remove all' }));
    const dialog = await screen.findByRole('dialog', {}, PATIENCE);
    expect(within(dialog).getByText('Remove all 2 members?')).toBeVisible();
  });

  it('in Dutch, asks to remove "het enige lid"', async () => {
    applyLanguage('nl', ['nl-NL']);
    openGroup([van01]);
    await screen.findByRole('heading', { name: 'Leden (1)' }, PATIENCE);
    await userEvent.click(screen.getByRole('button', { name: 'Alles verwijderen' }));
    const dialog = await screen.findByRole('dialog', {}, PATIENCE);
    expect(within(dialog).getByText('Het enige lid verwijderen?')).toBeVisible();
    expect(dialog).not.toHaveTextContent(/Alle 1 leden/);
  });

  it('offers to add only nodes of the group’s own tenant, to an admin who reads acme’s too', async () => {
    const { promise: groupArrives, resolve: groupArrived } = Promise.withResolvers<undefined>();
    openGroup([van01], { ...editor, 'acme:assets': ['READ'] }, groupArrives);
    await screen.findByRole('heading', { name: 'Members (1)' }, PATIENCE);
    const picker = screen.getByRole('combobox', { name: 'Add members' });
    // Until the group's record says its tenant, nothing is offered: not acme's truck either.
    expect(picker).toHaveAttribute('placeholder', 'Loading channels…');
    await userEvent.click(picker);
    expect(screen.queryByRole('option', { name: /^Truck 01/ })).toBeNull();
    groupArrived(undefined);
    expect(await screen.findByRole('option', { name: /^Van 02/ }, PATIENCE)).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^Truck 01/ })).toBeNull();
    // Already a member: not offered again.
    expect(screen.queryByRole('option', { name: /^Van 01/ })).toBeNull();
  });
});
