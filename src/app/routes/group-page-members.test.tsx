import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUuid } from '../../test/fake-history.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './group-page.tsx';

const group = {
  tenant: 'demo',
  uuid: testUuid(1),
  channelType: 'GROUP',
  name: 'Vans',
  active: true,
  pushInterval: 0,
};
const van = {
  uuid: testUuid(2),
  channelType: 'NODE',
  name: 'Van 01',
  active: true,
  pushInterval: 0,
};
const demoVan = {
  uuid: testUuid(3),
  channelType: 'NODE',
  name: 'Van 02',
  active: true,
  pushInterval: 0,
  tenant: 'demo',
};
const acmeTruck = {
  uuid: testUuid(4),
  channelType: 'NODE',
  name: 'Truck 01',
  active: true,
  pushInterval: 0,
  tenant: 'acme',
};
const editor = { 'demo:groups': ['READ', 'UPDATE', 'DELETE'], 'demo:assets': ['READ'] } as const;

describe('the group page', () => {
  it('asks to remove "the only member", never "all 1 members" (issue 22)', async () => {
    fakeCloud((url) => {
      if (url.pathname === `/v1/channels/${group.uuid}`) return json(group);
      if (url.pathname === `/v1/groups/${group.uuid}`) return json([van]);
      if (url.pathname === '/v1/channels') return json([van, demoVan, acmeTruck]);
      return json([]);
    });
    renderPage(<Component />, editor as never, {
      path: '/groups/:groupUuid',
      url: `/groups/${group.uuid}`,
    });
    await screen.findByRole('heading', { name: 'Members (1)' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the only member?' });
    expect(within(dialog).queryByText(/all 1 members/)).toBeNull();
  });
  it('offers as new members only channels of the group’s own tenant (issue 22)', async () => {
    fakeCloud((url) => {
      if (url.pathname === `/v1/channels/${group.uuid}`) return json(group);
      if (url.pathname === `/v1/groups/${group.uuid}`) return json([van]);
      if (url.pathname === '/v1/channels') return json([van, demoVan, acmeTruck]);
      return json([]);
    });
    renderPage(<Component />, { ...editor, 'acme:assets': ['READ'] } as never, {
      path: '/groups/:groupUuid',
      url: `/groups/${group.uuid}`,
    });
    await screen.findByRole('heading', { name: 'Members (1)' });
    await userEvent.click(screen.getByRole('textbox', { name: 'Add members' }));
    expect(await screen.findByRole('option', { name: /^Van 02/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^Truck 01/ })).toBeNull();
    // Already a member: not offered again.
    expect(screen.queryByRole('option', { name: /^Van 01/ })).toBeNull();
  });
});
