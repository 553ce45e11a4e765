import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../contract/audit.ts';
import type { ChannelRecord } from '../../../contract/channel.ts';
import type { ChannelReach } from '../../../contract/channel-reach.ts';
import type { PushHealth } from '../../../contract/push-health.ts';
import { ChannelTable } from '../../components/channel-table/channel-table.tsx';
import { channelListColumns } from '../../components/channel-table/channel-columns.tsx';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './channel-page.tsx';

const admin = {
  'demo:assets': ['READ', 'UPDATE', 'DELETE'],
  'demo:users': ['READ'],
  'demo:audit': ['READ'],
} as const;
const VAN = '6a1c2d3e-0000-4000-8000-000000000007';
const GROUP = '6a1c2d3e-0000-4000-8000-0000000000aa';
const TO = 'https://hooks.example.com/telemetry';

const van: ChannelRecord = {
  uuid: VAN,
  channelType: 'NODE',
  name: 'Van 07',
  tenant: 'demo',
  reference: 'VAN-07',
  active: true,
  pushInterval: 0,
  pushURL: TO,
};
const reach: ChannelReach = {
  groups: [
    { group: { uuid: GROUP, name: 'Vans Westpoort' }, member: { uuid: VAN, name: 'Van 07' } },
  ],
  people: {
    count: 2,
    list: [
      { id: 'sub-admin', username: 'admin', name: 'Ada Admin', tenant: 'demo' },
      { id: 'sub-fleet', username: 'fleet', name: 'Fleet Manager', tenant: 'demo' },
    ],
  },
};
const change: AuditEntry = {
  id: '7',
  at: Date.UTC(2026, 10, 25, 9, 0),
  tenant: 'demo',
  actor: 'admin',
  origin: 'console',
  kind: 'push.set',
  channel: { uuid: VAN, name: 'Van 07' },
  before: { to: 'https://old.example.com/', interval: 0 },
  after: { to: TO, interval: 0, secret: 'changed' },
  result: 'OK',
};
const health = (failing: boolean): PushHealth => ({
  channelUuid: VAN,
  channelName: 'Van 07',
  to: TO,
  last: failing
    ? { at: Date.UTC(2026, 10, 25, 9, 5), ok: false, error: 'host not found' }
    : { at: Date.UTC(2026, 10, 25, 9, 6), ok: true, status: 204 },
  failuresInRow: failing ? 4 : 0,
  lastHour: { deliveries: 4, delivered: failing ? 0 : 1, share: failing ? 0 : 0.25 },
  failing,
});
const offered = {
  '/v1/users': { get: {} },
  '/v1/users/{userId}': { get: {} },
  '/v1/channels/{channelUuid}/access': { get: {} },
  '/v1/channels/{channelUuid}/reach': { get: {} },
  '/v1/audit': { get: {} },
  '/v1/push/health': { get: {} },
  '/v1/channels/{channelUuid}/push/health': { get: {} },
  '/v1/channels/{channelUuid}/push/test': { post: {} },
};

function cloud() {
  let failing = true;
  const calls = fakeCloud((url, init) => {
    if (url.pathname === '/v1/openapi.json') return json({ paths: offered });
    if (url.pathname === `/v1/channels/${VAN}`) return json(van);
    if (url.pathname === `/v1/channels/${VAN}/reach`) return json(reach);
    if (url.pathname === '/v1/audit') return json({ entries: [change] });
    if (url.pathname === `/v1/channels/${VAN}/push/health`) return json(health(failing));
    if (url.pathname === '/v1/push/health') return json([health(failing)]);
    if (url.pathname === `/v1/channels/${VAN}/push/test` && init.method === 'POST') {
      failing = false;
      return json({ at: Date.UTC(2026, 10, 25, 9, 6), ok: true, status: 204 });
    }
    return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
  });
  return calls;
}

const open = () =>
  renderPage(<Component />, admin, { path: '/channels/:channelUuid', url: `/channels/${VAN}` });

describe('the channel page for support and admins', () => {
  it('shows the groups, who reaches it, its changes and a link to check access', async () => {
    cloud();
    open();
    // The first test of the file also loads the contract's validators: slow on a busy machine.
    await screen.findByRole('heading', { name: 'Van 07', level: 1 }, { timeout: 15_000 });
    expect(await screen.findByRole('link', { name: 'Check access for…' })).toHaveAttribute(
      'href',
      `/people?channel=${VAN}`,
    );
    const people = await screen.findByRole('region', { name: 'Groups and people' });
    expect(await within(people).findByRole('link', { name: 'Vans Westpoort' })).toHaveAttribute(
      'href',
      `/groups/${GROUP}`,
    );
    expect(people).toHaveTextContent('2 people reach it.');
    expect(within(people).getByRole('link', { name: 'fleet' })).toHaveAttribute(
      'href',
      `/people?person=sub-fleet&channel=${VAN}`,
    );
    const changes = await screen.findByRole('table', { name: 'Changes' });
    expect(within(changes).getByText('admin set up push of Van 07')).toBeVisible();
    expect(within(changes).getByLabelText('What changed')).toHaveTextContent(
      `secret: (none) → changedto: https://old.example.com/ → ${TO}`,
    );
  });

  it('paints a failing push red with the receiver’s answer, and a test event that succeeds turns it back', async () => {
    const calls = cloud();
    open();
    const push = await screen.findByRole('region', { name: 'Push' }, { timeout: 15_000 });
    const failing = await within(push).findByRole('alert');
    expect(failing).toHaveTextContent('Push is failing');
    expect(failing).toHaveTextContent(/Last delivery .*: host not found\./);
    expect(failing).toHaveTextContent('4 failed deliveries in a row.');
    expect(failing).toHaveTextContent('Last hour: 0 of 4 delivered (0%).');

    await userEvent.click(within(push).getByRole('button', { name: 'Send a test event' }));
    expect(await within(push).findByRole('status')).toHaveTextContent(
      'Test event delivered: the receiver answered 204.',
    );
    expect(calls.filter((c) => c.url.pathname.endsWith('/push/test'))).toHaveLength(1);
    expect(await within(push).findByText('Push is configured')).toBeVisible();
    expect(within(push).getByRole('alert')).toHaveTextContent('Last hour: 1 of 4 delivered (25%).');
  });

  it('paints the push of a failing channel red in the channel list, with the last answer', async () => {
    cloud();
    renderPage(<ChannelTable label="Channels" channels={[van]} columns={channelListColumns} />);
    const table = screen.getByRole('table', { name: 'Channels' });
    expect(await within(table).findByText('FAILING', {}, { timeout: 15_000 })).toBeVisible();
    expect(within(table).getByText('host not found')).toBeVisible();
  });
});
