import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './channel-route.tsx';

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
    await screen.findByRole('heading', { name: 'Acme Truck 01', level: 1 });
    const reason = 'Not allowed: needs UPDATE on assets in tenant acme.';
    const properties = section('Properties');
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
      'Not allowed: needs DELETE on assets in tenant acme.',
    );
  });

  it('in the person’s own tenant, offers them', async () => {
    openChannel(truck('demo'));
    await screen.findByRole('heading', { name: 'Acme Truck 01', level: 1 });
    expect(within(section('Properties')).getByRole('button', { name: 'Edit' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(
      within(section('Decommission')).getByRole('button', { name: 'Decommission…' }),
    ).not.toHaveAttribute('aria-disabled');
  });

  it('from a cloud without the tenant field, leaves the mixed case to the cloud as before', async () => {
    openChannel(truck());
    await screen.findByRole('heading', { name: 'Acme Truck 01', level: 1 });
    expect(within(section('Properties')).getByRole('button', { name: 'Edit' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });
});
