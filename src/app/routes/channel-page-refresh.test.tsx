import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../contract/audit.ts';
import type { ChannelRecord } from '../../../contract/channel.ts';
import type { PushDeliveryLogEntry } from '../../../contract/push.ts';
import { pushHealthOf } from '../../../contract/push-health.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './channel-page.tsx';

const admin = {
  'demo:assets': ['READ', 'UPDATE', 'DELETE'],
  'demo:audit': ['READ'],
} as const;

const uuid = '33333333-3333-4333-8333-333333333333';
const paths = {
  '/v1/audit': { get: {} },
  '/v1/push/health': { get: {} },
  '/v1/channels/{channelUuid}/push/health': { get: {} },
  '/v1/channels/{channelUuid}/push/deliveries': { get: {} },
};

/**
 * A cloud that remembers: the channel's properties and push, an audit entry per change, and a
 * delivery log. `health` is what its push health answers: by default made from the log when
 * asked, as the cloud does.
 */
function rememberingCloud(
  options: {
    log?: PushDeliveryLogEntry[];
    health?: 'from-log' | 'none';
    /** The audit trail answers once this settles, after a change was recorded. */
    holdAudit?: Promise<void>;
  } = {},
) {
  const channel: ChannelRecord = {
    uuid,
    channelType: 'SENSOR',
    name: 'Van 07/temp',
    tenant: 'demo',
    active: true,
    pushInterval: 0,
    properties: { site: 'north' },
  };
  const audit: AuditEntry[] = [];
  const log = options.log ?? [];
  const record = (kind: AuditEntry['kind'], before: unknown, after: unknown) =>
    audit.unshift({
      id: String(audit.length + 1),
      at: Date.now(),
      tenant: 'demo',
      actor: 'tester',
      origin: 'console',
      kind,
      channel: { uuid, name: channel.name },
      before,
      after,
      result: 'OK',
    });
  const calls = fakeCloud(async (url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/v1/openapi.json') return json({ paths });
    if (url.pathname === `/v1/channels/${uuid}/properties` && method === 'PUT') {
      const after = JSON.parse(url.searchParams.get('properties') ?? '{}') as Record<
        string,
        unknown
      >;
      record('properties.set', channel.properties, after);
      channel.properties = after;
      return json({ status: 'OK' });
    }
    if (url.pathname === `/v1/channels/${uuid}/push` && method === 'PUT') {
      const to = url.searchParams.get('to') ?? '';
      record('push.set', null, { to });
      channel.pushURL = to;
      return json({ status: 'OK' });
    }
    if (url.pathname === `/v1/channels/${uuid}`) return json(channel);
    if (url.pathname === '/v1/audit') {
      if (audit.length > 0) await options.holdAudit;
      return json({ entries: audit });
    }
    if (url.pathname === `/v1/channels/${uuid}/push/deliveries`) return json(log);
    if (url.pathname === `/v1/channels/${uuid}/push/health`) {
      const to = channel.pushURL ?? '';
      const health = pushHealthOf({ uuid, name: channel.name, to }, log, Date.now());
      if (options.health !== 'none') return json(health);
      const { last: _never, ...none } = health;
      return json({ ...none, failuresInRow: 0, lastHour: { deliveries: 0, delivered: 0 } });
    }
    if (url.pathname === '/v1/push/health') return json([]);
    return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
  });
  return { channel, calls };
}

function openPage() {
  renderPage(
    <>
      <Component />
      <Notifications />
    </>,
    admin,
    { path: '/channels/:channelUuid', url: `/channels/${uuid}` },
  );
}

const changes = () => screen.getByRole('table', { name: 'Changes' });

describe('the channel page after a save', () => {
  it('shows the saved properties in Changes in the same render as the notice', async () => {
    let release = () => {};
    const holdAudit = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = rememberingCloud({ holdAudit });
    openPage();
    await screen.findByRole('heading', { name: 'Van 07/temp', level: 1 }, { timeout: 15_000 });
    expect(await screen.findByText('No change to this channel is recorded.')).toBeVisible();
    const other = screen.getByRole('region', { name: 'Other properties' });
    await userEvent.click(within(other).getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: /Properties/ });
    await userEvent.clear(input);
    await userEvent.type(input, '{{"site": "south"}');
    await userEvent.click(screen.getByRole('button', { name: 'Save properties' }));
    // The trail is asked again after the save, and the notice waits for its answer.
    await waitFor(() => {
      const put = calls.findIndex((call) => call.init.method === 'PUT');
      expect(put).toBeGreaterThanOrEqual(0);
      expect(calls.slice(put).some((call) => call.url.pathname === '/v1/audit')).toBe(true);
    });
    expect(screen.queryByText('Properties of Van 07/temp saved.')).toBeNull();
    release();
    await screen.findByText('Properties of Van 07/temp saved.');
    // No waiting here: the notice came with the refreshed trail, not before it.
    expect(within(changes()).getByText('south')).toBeVisible();
  });

  it('shows the push settings in Changes in the same render as the notice', async () => {
    rememberingCloud();
    openPage();
    await screen.findByRole('heading', { name: 'Van 07/temp', level: 1 }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Set up push' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: /Address/ }),
      'https://example.com/hook',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save push' }));
    await screen.findByText('Push of Van 07/temp saved.');
    expect(within(changes()).getByText(/example\.com\/hook/)).toBeVisible();
  });
});

describe('the push panel', () => {
  it('says what the delivery log beside it says, however old the health it was told', async () => {
    const log: PushDeliveryLogEntry[] = [
      {
        id: 'msg_1',
        at: Date.now() - 60_000,
        to: 'https://example.com/hook',
        events: 2,
        dropped: 0,
        ok: true,
        status: 200,
        durationMs: 40,
      },
    ];
    const { channel } = rememberingCloud({ log, health: 'none' });
    channel.pushURL = 'https://example.com/hook';
    openPage();
    const table = await screen.findByRole(
      'table',
      { name: 'Last deliveries' },
      { timeout: 15_000 },
    );
    expect(within(table).getByText('200')).toBeVisible();
    const push = screen.getByRole('region', { name: 'Push' });
    expect(within(push).getByText(/Last delivery .*the receiver answered 200/)).toBeVisible();
    expect(within(push).queryByText('No delivery yet')).toBeNull();
  });
});
