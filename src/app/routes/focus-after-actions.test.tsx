import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Alarm } from '../../../contract/alarms.ts';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { CreateGroupForm } from '../../features/groups/create-group-form.tsx';
import { DecommissionDialog } from '../../features/nodes/decommission-dialog.tsx';
import { NodeList } from '../../features/nodes/node-list.tsx';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component as AlarmsPage } from './alarms-page.tsx';
import { Component as ChannelPage } from './channel-page.tsx';
import { Component as GroupPage } from './group-page.tsx';

// Issue 33: after creating a group, adding members, decommissioning and acknowledging an alarm
// the focus fell to the page's body; the decommission dialog opened on Cancel.
const PATIENCE = { timeout: 15_000 };

const admin = {
  'demo:assets': ['READ', 'UPDATE', 'DELETE'],
  'demo:groups': ['READ', 'CREATE', 'UPDATE', 'DELETE'],
} as const;

const GROUP = '7a000000-0000-4000-8000-000000000001';
const group: ChannelRecord = {
  uuid: GROUP,
  channelType: 'GROUP',
  name: 'North',
  active: true,
  pushInterval: 0,
  tenant: 'demo',
};
const van: ChannelRecord = {
  uuid: '7a000000-0000-4000-8000-000000000002',
  channelType: 'NODE',
  name: 'Van 12',
  reference: 'TN-000012',
  active: true,
  pushInterval: 0,
  tenant: 'demo',
};

/** A cloud holding one group and one van, which remembers membership and decommissioning. */
function fleetCloud() {
  let members: ChannelRecord[] = [];
  let current = van;
  return fakeCloud((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/v1/openapi.json') return json({ paths: {} });
    if (method === 'POST' && url.pathname === `/v1/groups/${group.name}`) return json(group);
    if (method === 'POST' && url.pathname === `/v1/groups/${GROUP}/${van.uuid}`) {
      members = [current];
      return json({ status: 'OK' });
    }
    if (method === 'DELETE' && url.pathname === `/v1/nodes/${van.uuid}`) {
      const { tenant: _left, ...rest } = van;
      current = { ...rest, active: false };
      return json({ status: 'OK' });
    }
    if (url.pathname === `/v1/channels/${GROUP}`) return json(group);
    if (url.pathname === `/v1/channels/${van.uuid}`) return json(current);
    if (url.pathname === `/v1/groups/${GROUP}`) return json(members);
    if (url.pathname === '/v1/channels') return json([group, current]);
    return json({ status: 'NOT_FOUND', message: url.pathname }, 404);
  });
}

describe('the focus after an action', () => {
  it('goes to the new group’s heading, not the heading of the page being left', async () => {
    fleetCloud();
    renderPage(
      <main>
        <h1>Groups</h1>
        <CreateGroupForm />
      </main>,
      admin,
      {
        routes: [
          {
            path: '/groups/:groupUuid',
            element: (
              <main>
                <GroupPage />
              </main>
            ),
          },
        ],
      },
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'New group' }), 'North');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    const heading = await screen.findByRole('heading', { name: 'North', level: 1 }, PATIENCE);
    await waitFor(() => expect(heading).toHaveFocus(), PATIENCE);
  });

  it('goes to the members list the added members joined', async () => {
    fleetCloud();
    renderPage(
      <main>
        <GroupPage />
      </main>,
      admin,
      { path: '/groups/:groupUuid', url: `/groups/${GROUP}` },
    );
    await screen.findByRole('heading', { name: 'Members (0)' }, PATIENCE);
    await userEvent.click(screen.getByRole('combobox', { name: 'Add members' }));
    await userEvent.click(await screen.findByRole('option', { name: /Van 12/ }, PATIENCE));
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    const list = await screen.findByRole('heading', { name: 'Members (1)' }, PATIENCE);
    await waitFor(() => expect(list).toHaveFocus(), PATIENCE);
  });

  it('opens the decommission dialog on the serial field, not on Cancel', async () => {
    fleetCloud();
    renderPage(<DecommissionDialog node={van} opened onClose={() => undefined} />, admin);
    const field = screen.getByRole('textbox', { name: 'Type the serial “TN-000012” to confirm' });
    await waitFor(() => expect(field).toHaveFocus(), PATIENCE);
  });

  it('goes to the list of nodes once the row’s node is decommissioned', async () => {
    fleetCloud();
    renderPage(
      <main>
        <section aria-labelledby="nodes-title">
          <h2 id="nodes-title">Your nodes</h2>
          <NodeList headingId="nodes-title" />
        </section>
      </main>,
      admin,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: /Decommission Van 12/ }, PATIENCE),
    );
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Type the serial/ }),
      'TN-000012',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Decommission' }));
    const heading = screen.getByRole('heading', { name: 'Your nodes' });
    await waitFor(() => expect(heading).toHaveFocus(), PATIENCE);
  });

  it('goes to the channel’s heading once its node is decommissioned on its page', async () => {
    fleetCloud();
    renderPage(
      <main>
        <ChannelPage />
      </main>,
      admin,
      { path: '/channels/:channelUuid', url: `/channels/${van.uuid}` },
    );
    const section = await screen.findByRole('region', { name: 'Decommission' }, PATIENCE);
    await userEvent.click(within(section).getByRole('button', { name: 'Decommission…' }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Type the serial/ }),
      'TN-000012',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Decommission' }));
    await waitFor(
      () => expect(screen.queryByRole('region', { name: 'Decommission' })).toBeNull(),
      PATIENCE,
    );
    const heading = screen.getByRole('heading', { name: 'Van 12', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus(), PATIENCE);
  });
});

const T = Date.UTC(2026, 10, 25, 3, 0, 0);
const raised = (n: number, node: string): Alarm => ({
  id: `0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2${n}`,
  kind: 'silence',
  severity: 'major',
  state: 'raised',
  tenant: 'demo',
  channelUuid: `1b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2${n}`,
  channelName: node,
  nodeUuid: `1b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2${n}`,
  nodeName: node,
  raisedAt: T - n * 60_000,
});

describe('the focus after acknowledging an alarm', () => {
  it('goes to the next row’s Acknowledge, and on the last row to what is left to do there', async () => {
    const alarms = [raised(1, 'Reefer 01'), raised(2, 'Reefer 02')];
    fakeCloud((url) => {
      if (url.pathname === '/v1/openapi.json')
        return json({ paths: { '/v1/alarms': { get: {} } } });
      const decided = alarms.findIndex((a) => url.pathname === `/v1/alarms/${a.id}/acknowledge`);
      const alarm = alarms[decided];
      if (alarm) {
        alarms[decided] = {
          ...alarm,
          state: 'acknowledged',
          acknowledged: { by: 'tester', at: T, comment: '' },
        };
        return json(alarms[decided]);
      }
      if (url.pathname === '/v1/alarms') return json({ alarms });
      return json({}, 404);
    });
    renderPage(
      <main>
        <AlarmsPage />
      </main>,
    );
    const rowOf = async (node: string) => {
      const row = (await screen.findByText(node, {}, PATIENCE)).closest<HTMLElement>(
        '[role="row"]',
      );
      if (!row) throw new Error(`no row for ${node}`);
      return row;
    };
    const acknowledge = async (node: string) => {
      await userEvent.click(within(await rowOf(node)).getByRole('button', { name: 'Acknowledge' }));
      const dialog = await screen.findByRole('dialog', {}, PATIENCE);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    };
    await acknowledge('Reefer 01');
    const next = within(await rowOf('Reefer 02')).getByRole('button', { name: 'Acknowledge' });
    await waitFor(() => expect(next).toHaveFocus(), PATIENCE);
    await acknowledge('Reefer 02');
    const clear = within(await rowOf('Reefer 02')).getByRole('button', { name: 'Clear' });
    await waitFor(() => expect(clear).toHaveFocus(), PATIENCE);
    expect(
      within(await rowOf('Reefer 02')).queryByRole('button', { name: 'Acknowledge' }),
    ).toBeNull();
  });
});

/** A group holding the van, which can be emptied. */
function groupOfOne() {
  let members: ChannelRecord[] = [van];
  fakeCloud((url, init) => {
    if (url.pathname === '/v1/openapi.json') return json({ paths: {} });
    if (url.pathname.startsWith(`/v1/groups/${GROUP}`) && init.method === 'DELETE') {
      members = [];
      return json({ status: 'OK' });
    }
    if (url.pathname === `/v1/groups/${GROUP}`) return json(members);
    if (url.pathname === `/v1/channels/${GROUP}`) return json(group);
    if (url.pathname === '/v1/channels') return json([group, van]);
    return json({ status: 'NOT_FOUND', message: url.pathname }, 404);
  });
  renderPage(
    <>
      <main>
        <GroupPage />
      </main>
      <Notifications />
    </>,
    admin,
    { path: '/groups/:groupUuid', url: `/groups/${GROUP}` },
  );
}

describe('the focus after emptying a group', () => {
  it('goes to the members list when Remove all went with the members', async () => {
    groupOfOne();
    await screen.findByRole('heading', { name: 'Members (1)' }, PATIENCE);
    await userEvent.click(screen.getByRole('button', { name: 'Remove all' }));
    const dialog = await screen.findByRole('dialog', {}, PATIENCE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove all members' }));
    const list = await screen.findByRole('heading', { name: 'Members (0)' }, PATIENCE);
    await waitFor(() => expect(list).toHaveFocus(), PATIENCE);
  });
});
