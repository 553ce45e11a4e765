import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client.ts';
import { reportReachable } from '../../api/network-status.ts';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './channel-page.tsx';

/** The demo's admin: everything in demo, only READ on assets and groups in acme. */
const admin = {
  'demo:assets': ['READ', 'CREATE', 'UPDATE', 'DELETE', 'COMMISSION'],
  'demo:assets.history': ['READ'],
  'demo:groups': ['READ', 'CREATE', 'UPDATE', 'DELETE'],
  'demo:groups.history': ['READ'],
  'acme:assets': ['READ'],
  'acme:groups': ['READ'],
} as const;

const truck = (tenant?: string): ChannelRecord => ({
  uuid: '22222222-2222-4222-8222-222222222222',
  channelType: 'NODE',
  name: 'Acme Truck 01',
  ...(tenant ? { tenant } : {}),
  reference: 'ACME-0001',
  active: true,
  pushInterval: 0,
  properties: { vehicle: 'Box truck' },
});

function openChannel(record: ChannelRecord) {
  fakeCloud((url) =>
    url.pathname === `/v1/channels/${record.uuid}`
      ? json(record)
      : json({ status: 'NOT_FOUND', message: 'nothing here' }, 404),
  );
  renderPage(<Component />, admin, {
    path: '/channels/:channelUuid',
    url: `/channels/${record.uuid}`,
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('a channel of a tenant the person may read but not change', () => {
  it('offers Edit, Remove, Set up push and Decommission disabled, saying what is missing there', async () => {
    openChannel(truck('acme'));
    // The first test of the file also loads the contract's validators: slow on a busy machine.
    await screen.findByRole('heading', { name: 'Acme Truck 01', level: 1 }, { timeout: 15_000 });
    const reason =
      'You may not do this: your role does not allow editing nodes and sensors in tenant acme.';
    const properties = section('Other properties');
    for (const name of ['Edit', 'Remove']) {
      const button = within(properties).getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(reason);
    }
    const push = within(section('Push')).getByRole('button', { name: 'Set up push' });
    expect(push).toHaveAttribute('aria-disabled', 'true');
    expect(push).toHaveAccessibleDescription(reason);
    const decommission = within(section('Decommission')).getByRole('button', {
      name: 'Decommission…',
    });
    expect(decommission).toHaveAttribute('aria-disabled', 'true');
    expect(decommission).toHaveAccessibleDescription(
      'You may not do this: your role does not allow decommissioning nodes in tenant acme.',
    );
  });

  it('in the person’s own tenant, offers them', async () => {
    openChannel(truck('demo'));
    await screen.findByRole('heading', { name: 'Acme Truck 01', level: 1 });
    expect(
      within(section('Other properties')).getByRole('button', { name: 'Edit' }),
    ).not.toHaveAttribute('aria-disabled');
    expect(
      within(section('Decommission')).getByRole('button', { name: 'Decommission…' }),
    ).not.toHaveAttribute('aria-disabled');
  });

  it('from a cloud without the tenant field, leaves the mixed case to the cloud as before', async () => {
    openChannel(truck());
    await screen.findByRole('heading', { name: 'Acme Truck 01', level: 1 });
    expect(
      within(section('Other properties')).getByRole('button', { name: 'Edit' }),
    ).not.toHaveAttribute('aria-disabled');
  });
});

describe('an outage while a form is open', () => {
  it('says a Save did not happen, keeps the editor and the draft, and catches up by itself', async () => {
    const van = { ...truck('demo'), name: 'Van 01' };
    let up = true;
    let asked = 0;
    const calls = fakeCloud((url) => {
      if (!up) throw new TypeError('Failed to fetch');
      if (url.pathname === `/v1/channels/${van.uuid}`) {
        asked += 1;
        return json(asked > 1 ? { ...van, properties: { vehicle: 'Renamed van' } } : van);
      }
      return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
    });
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
    renderPage(<Component />, admin, {
      path: '/channels/:channelUuid',
      url: `/channels/${van.uuid}`,
      client,
    });
    await screen.findByRole('heading', { name: 'Van 01', level: 1 });
    await userEvent.click(
      within(section('Other properties')).getByRole('button', { name: 'Edit' }),
    );
    const editor = screen.getByRole('textbox', { name: /Properties/ });
    await userEvent.clear(editor);
    await userEvent.type(editor, '{{"note": "typed during the outage"}');

    up = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save properties' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Properties were not saved');
    expect(alert).toHaveTextContent(
      'The cloud could not be reached, so this did not happen. What you entered is kept here',
    );
    // The failed refresh after the save does not replace the page with an error.
    await act(() => client.invalidateQueries());
    expect(screen.getByRole('textbox', { name: /Properties/ })).toHaveValue(
      '{"note": "typed during the outage"}',
    );
    expect(screen.queryByText('This channel could not be loaded')).toBeNull();

    // The cloud answers again: the page refreshes by itself, the draft stays open.
    up = true;
    const before = calls.length;
    await act(async () => reportReachable(true));
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(before));
    expect(screen.getByRole('textbox', { name: /Properties/ })).toHaveValue(
      '{"note": "typed during the outage"}',
    );
  });
});
