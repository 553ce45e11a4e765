import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccessExplanation, PersonProfile, PersonSummary } from '../../../contract/people.ts';
import type { AuditEntry } from '../../../contract/audit.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './people-page.tsx';

const support = {
  'demo:assets': ['READ'],
  'demo:users': ['READ'],
  'demo:audit': ['READ'],
} as const;
const VAN = '4f1c2d3e-0000-4000-8000-000000000007';
const GROUP = '4f1c2d3e-0000-4000-8000-0000000000aa';

const fleet: PersonSummary = {
  id: 'sub-fleet',
  username: 'fleet',
  name: 'Fleet Manager',
  email: 'fleet@demo.telemetry.local',
  tenant: 'demo',
  origin: 'built-in',
  permissionSets: ['demo-fleet'],
};
const profile: PersonProfile = {
  ...fleet,
  sub: 'sub-fleet',
  permissions: { 'demo:assets': ['READ'], 'demo:assets.history': ['READ'] },
  permissionSets: [
    {
      name: 'demo-fleet',
      description: 'Fleet managers',
      grants: [
        { tenant: 'demo', objectType: 'assets', operation: 'READ' },
        { tenant: 'demo', objectType: 'assets.history', operation: 'READ' },
      ],
      groups: [{ uuid: GROUP, name: 'Vans Westpoort' }],
    },
  ],
};
const inReach: AccessExplanation = {
  person: { id: 'sub-fleet', username: 'fleet', name: 'Fleet Manager' },
  channel: { uuid: VAN, name: 'Van 07', type: 'NODE', tenant: 'demo', active: true },
  reach: {
    reachable: true,
    paths: [
      {
        kind: 'group',
        group: { uuid: GROUP, name: 'Vans Westpoort' },
        member: { uuid: VAN, name: 'Van 07' },
        through: 'role',
        permissionSets: ['demo-fleet'],
      },
    ],
    nearest: [],
  },
  verdicts: [
    {
      operation: 'READ_HISTORY',
      request: 'GET /v1/channels/{uuid}/history',
      status: 200,
      allowed: true,
      permission: {
        tenant: 'demo',
        objectType: 'assets.history',
        operation: 'READ',
        held: true,
        heldBy: ['demo-fleet'],
        grantedBy: [],
      },
    },
    {
      operation: 'UPDATE',
      request: 'PUT /v1/channels/{uuid}/properties',
      status: 403,
      allowed: false,
      message: 'Refused: setting properties needs UPDATE on assets in tenant demo.',
      permission: {
        tenant: 'demo',
        objectType: 'assets',
        operation: 'UPDATE',
        held: false,
        heldBy: [],
        grantedBy: ['demo-admin'],
      },
    },
  ],
};
const decommissioned: AccessExplanation = {
  ...inReach,
  channel: { ...inReach.channel, active: false },
  reach: { reachable: false, paths: [], nearest: [] },
  verdicts: [
    {
      operation: 'READ_HISTORY',
      request: 'GET /v1/channels/{uuid}/history',
      status: 404,
      allowed: false,
      message: 'Channel does not exist or is not within your reach.',
      permission: {
        tenant: 'demo',
        objectType: 'assets.history',
        operation: 'READ',
        held: true,
        heldBy: ['demo-fleet'],
        grantedBy: [],
      },
    },
  ],
};
const decommissionEntry: AuditEntry = {
  id: '41',
  at: Date.UTC(2026, 10, 25, 9, 30),
  tenant: 'demo',
  actor: 'admin',
  origin: 'console',
  kind: 'node.decommissioned',
  channel: { uuid: VAN, name: 'Van 07' },
  before: { active: true, groups: ['Vans Westpoort'] },
  after: { active: false, groups: [] },
  result: 'OK',
};

const offered = {
  '/v1/users': { get: {} },
  '/v1/users/{userId}': { get: {} },
  '/v1/channels/{channelUuid}/access': { get: {} },
  '/v1/audit': { get: {} },
};

function cloud(explanation: AccessExplanation, paths: object = offered) {
  return fakeCloud((url) => {
    if (url.pathname === '/v1/openapi.json') return json({ paths });
    if (url.pathname === '/v1/users') return json([fleet]);
    if (url.pathname === '/v1/users/sub-fleet') return json(profile);
    if (url.pathname === `/v1/channels/${VAN}/access`) return json(explanation);
    if (url.pathname === '/v1/channels') {
      return json([
        { uuid: VAN, name: 'Van 07', channelType: 'NODE', reference: 'VAN-07', active: true },
      ]);
    }
    if (url.pathname === '/v1/channels/lookup') {
      return json([
        {
          uuid: VAN,
          name: 'Van 07',
          channelType: 'NODE',
          tenant: 'demo',
          reference: 'VAN-07',
          active: true,
        },
      ]);
    }
    if (url.pathname === '/v1/audit') return json({ entries: [decommissionEntry] });
    return json({ status: 'NOT_FOUND', message: 'no' }, 404);
  });
}

describe('the People page', () => {
  it('finds a person, shows their roles and matrix, and checks access to a channel found by serial', async () => {
    const calls = cloud(inReach);
    const { router } = renderPage(<Component />, support, { path: '/people', url: '/people' });
    // The first request also loads the contract's validators: slow on a busy machine.
    const list = await screen.findByRole('table', { name: 'People' }, { timeout: 15_000 });
    await userEvent.type(screen.getByRole('searchbox', { name: /Search people/ }), 'flee');
    await within(list).findByText('Fleet Manager');
    expect(
      calls.some(
        (c) => c.url.pathname === '/v1/users' && c.url.searchParams.get('filter') === 'flee',
      ),
    ).toBe(true);
    await userEvent.click(within(list).getByRole('link', { name: 'fleet' }));
    expect(router.state.location.search).toBe('?person=sub-fleet');

    const sets = await screen.findByRole(
      'region',
      { name: 'Roles (permission sets)' },
      { timeout: 5000 },
    );
    expect(sets).toHaveTextContent(
      'Grants: READ on assets in tenant demo; READ on assets.history in tenant demo',
    );
    expect(within(sets).getByRole('link', { name: 'Vans Westpoort' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Permissions in tenant demo' })).toBeVisible();

    await userEvent.type(screen.getByRole('searchbox', { name: /Channel/ }), 'van-07');
    await userEvent.click(screen.getByRole('button', { name: 'Van 07 · VAN-07' }));
    expect(
      await screen.findByText(
        'fleet reaches Van 07 through the group Vans Westpoort, which the role demo-fleet reaches.',
      ),
    ).toBeVisible();
    const verdicts = screen.getByRole('list', { name: 'Verdict per operation' });
    const items = within(verdicts).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'Allowedfleet may read its history: READ on assets.history in tenant demo, from demo-fleet.',
    );
    expect(items[1]).toHaveTextContent(
      'Refusedfleet may not change its properties and push: UPDATE on assets in tenant demo is ' +
        'missing.What would change it: a role that grants only UPDATE on assets in tenant demo: ' +
        'demo-admin would give fleet more than that. An operator makes one (npm run permission-sets).',
    );
    expect(items[1]).not.toHaveTextContent('giving fleet the role demo-admin');
  });

  it('finds a channel out of support’s reach by name, through the cloud’s lookup', async () => {
    const calls = cloud(inReach, { ...offered, '/v1/channels/lookup': { get: {} } });
    renderPage(<Component />, support, { path: '/people', url: '/people?person=sub-fleet' });
    await userEvent.type(
      await screen.findByRole('searchbox', { name: /Channel/ }, { timeout: 15_000 }),
      'Van 07',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Van 07 · VAN-07' }));
    expect(
      await screen.findByText(
        'fleet reaches Van 07 through the group Vans Westpoort, which the role demo-fleet reaches.',
      ),
    ).toBeVisible();
    // Asked of the cloud by name, not looked for in support's own listing.
    expect(
      calls.some(
        (c) =>
          c.url.pathname === '/v1/channels/lookup' && c.url.searchParams.get('filter') === 'van 07',
      ),
    ).toBe(true);
    expect(calls.some((c) => c.url.pathname === '/v1/channels')).toBe(false);
  });

  it('explains a decommissioned node out of reach and shows who decommissioned it', async () => {
    cloud(decommissioned);
    renderPage(<Component />, support, {
      path: '/people',
      url: `/people?person=sub-fleet&channel=${VAN}`,
    });
    expect(
      await screen.findByText(
        'fleet does not reach Van 07: to fleet it looks as if it did not exist.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    expect(
      screen.getByText('Van 07 is decommissioned: it left every group and has no owner.'),
    ).toBeVisible();
    expect(screen.getByText('What would change it: commissioning Van 07 again.')).toBeVisible();
    const changes = await screen.findByRole(
      'table',
      { name: 'Latest changes to Van 07' },
      { timeout: 15_000 },
    );
    expect(within(changes).getByText('admin decommissioned Van 07')).toBeVisible();
    expect(within(changes).getByLabelText('What changed')).toHaveTextContent(
      'active: true → falsegroups: Vans Westpoort → (none)',
    );
  });

  it('says plainly what it cannot show: a cloud without people, a person without the right', async () => {
    cloud(inReach, { '/v1/channels': { get: {} } });
    const first = renderPage(<Component />, support, { path: '/people', url: '/people' });
    expect(
      await screen.findByText(
        /This cloud does not offer looking people up/,
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    first.unmount();
    cloud(inReach);
    renderPage(<Component />, { 'demo:assets': ['READ'] }, { path: '/people', url: '/people' });
    expect(
      await screen.findByText(
        /Your role does not allow looking people up/,
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
  });
});
