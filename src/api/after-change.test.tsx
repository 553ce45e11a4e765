import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import { fakeCloud, json } from '../test/render.tsx';
import { alarmsQuery, useAlarmDecision } from './alarms.ts';
import { channelAuditQuery } from './audit.ts';
import { channelListQuery, channelQuery, useSetProperties, useSetPush } from './channels.ts';
import { membersQuery, useAddMembers, useCreateGroup, useRemoveMember } from './groups.ts';
import { useCommissionNode, useDecommissionNode } from './nodes.ts';
import { channelReachQuery } from './people.ts';
import { latestPositionsQuery } from './positions.ts';
import { channelPushHealthQuery, pushHealthListQuery, useSendTestEvent } from './push-health.ts';
import { deliveriesQuery } from './push.ts';

const node = '44444444-4444-4444-8444-444444444444';
const group = '55555555-5555-4555-8555-555555555555';
const record: ChannelRecord = {
  uuid: node,
  channelType: 'NODE',
  name: 'Van 07',
  active: true,
  pushInterval: 0,
  pushURL: 'https://example.com/hook',
};
const health = {
  channelUuid: node,
  channelName: 'Van 07',
  to: 'https://example.com/hook',
  failuresInRow: 0,
  lastHour: { deliveries: 0, delivered: 0 },
  failing: false,
};
const alarm = {
  id: '66666666-6666-4666-8666-666666666666',
  kind: 'temperature',
  severity: 'major',
  state: 'acknowledged',
  tenant: 'demo',
  channelUuid: node,
  channelName: 'Van 07',
  nodeUuid: node,
  nodeName: 'Van 07',
  raisedAt: 1,
  acknowledged: { by: 'tester', at: 2, comment: 'seen' },
};

/** What each panel on screen reads, by the path it asks. */
const panels = {
  channel: `/v1/channels/${node}`,
  lists: '/v1/channels',
  changes: '/v1/audit',
  reach: `/v1/channels/${node}/reach`,
  health: `/v1/channels/${node}/push/health`,
  healthList: '/v1/push/health',
  deliveries: `/v1/channels/${node}/push/deliveries`,
  members: `/v1/groups/${group}`,
  positions: '/v1/positions',
  alarms: '/v1/alarms',
} as const;
type Panel = keyof typeof panels;

function answer(url: URL, method: string): Response {
  if (method !== 'GET') {
    if (url.pathname.startsWith('/v1/alarms/')) return json(alarm);
    if (url.pathname.endsWith('/push/test')) return json({ at: 1, ok: true, status: 200 });
    if (url.pathname.startsWith('/v1/nodes/') && method === 'POST') return json([record]);
    if (url.pathname.startsWith('/v1/groups/') && method === 'POST' && !url.pathname.includes(node))
      return json({ ...record, uuid: group, channelType: 'GROUP', name: 'North' });
    return json({ status: 'OK' });
  }
  switch (url.pathname) {
    case panels.channel:
      return json(record);
    case panels.lists:
    case panels.members:
      return json([record]);
    case panels.changes:
      return json({ entries: [] });
    case panels.reach:
      return json({ groups: [], people: { count: 1 } });
    case panels.health:
      return json(health);
    case panels.healthList:
      return json([health]);
    case panels.deliveries:
      return json([]);
    case panels.positions:
      return json({ from: 0, to: 1_000_000, nodes: [], withheld: [] });
    case panels.alarms:
      return json({ alarms: [] });
    default:
      return json({ status: 'NOT_FOUND', message: url.pathname }, 404);
  }
}

/** The panels of a console on screen, each a query the app reads, then one change. */
async function panelsAskedAgainAfter<T>(
  useChange: () => { mutateAsync: (variables: T) => Promise<unknown> },
  variables: T,
): Promise<Set<Panel>> {
  const calls = fakeCloud((url, init) => answer(url, init.method ?? 'GET'));
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const screen = renderHook(
    () => {
      const shown = [
        useQuery(channelQuery(node)),
        useQuery(channelListQuery({})),
        useQuery(channelAuditQuery(node, 10)),
        useQuery(channelReachQuery(node)),
        useQuery(channelPushHealthQuery(node)),
        useQuery(pushHealthListQuery()),
        useQuery(deliveriesQuery('/v1/channels/{channelUuid}/push/deliveries', node)),
        useQuery(membersQuery(group)),
        useQuery(latestPositionsQuery({ group })),
        useQuery(alarmsQuery({ state: 'raised' })),
      ];
      return { shown, change: useChange() };
    },
    { wrapper },
  );
  await waitFor(() => expect(screen.result.current.shown.every((q) => q.isSuccess)).toBe(true));
  const before = calls.length;
  // Resolves once the mutation's own callbacks are done: when a component's notice would show.
  await act(() => screen.result.current.change.mutateAsync(variables));
  const asked = new Set<Panel>();
  for (const call of calls.slice(before)) {
    if ((call.init.method ?? 'GET') !== 'GET') continue;
    const panel = (Object.keys(panels) as Panel[]).find((p) => panels[p] === call.url.pathname);
    if (panel) asked.add(panel);
  }
  screen.unmount();
  return asked;
}

const membership: Panel[] = ['members', 'lists', 'reach', 'positions', 'alarms', 'changes'];

describe('every change refreshes each panel whose answer it changes, before its notice', () => {
  it('properties: the channel, the lists and Changes', async () => {
    const asked = await panelsAskedAgainAfter(() => useSetProperties(node), {
      properties: { site: 'south' },
    });
    expect(asked).toEqual(new Set(['channel', 'lists', 'changes']));
  });

  it('push settings: the channel, the lists, push health, the delivery log and Changes', async () => {
    const asked = await panelsAskedAgainAfter(() => useSetPush(node), {
      to: 'https://example.com/other',
      interval: 0,
      secret: 'a-secret-of-some-length',
    });
    expect(asked).toEqual(
      new Set(['channel', 'lists', 'health', 'healthList', 'deliveries', 'changes']),
    );
  });

  it('a test delivery: push health, the delivery log and Changes', async () => {
    const asked = await panelsAskedAgainAfter(() => useSendTestEvent(node), undefined);
    expect(asked).toEqual(new Set(['health', 'healthList', 'deliveries', 'changes']));
  });

  it('a new group: the lists and Changes', async () => {
    const asked = await panelsAskedAgainAfter(() => useCreateGroup(), { name: 'North' });
    expect(asked).toEqual(new Set(['lists', 'changes']));
  });

  it('members added or removed: members, lists, reach, the Fleet map, alarms and Changes', async () => {
    expect(await panelsAskedAgainAfter(() => useAddMembers(group), [record])).toEqual(
      new Set(membership),
    );
    expect(await panelsAskedAgainAfter(() => useRemoveMember(group), node)).toEqual(
      new Set(membership),
    );
  });

  it('a node commissioned into a group: as a membership change', async () => {
    const asked = await panelsAskedAgainAfter(() => useCommissionNode(), {
      serial: 'SN-1',
      name: 'Van 08',
      channelUuid: group,
    });
    expect(asked).toEqual(new Set(membership));
  });

  it('a node decommissioned: every panel', async () => {
    const asked = await panelsAskedAgainAfter(() => useDecommissionNode(), node);
    expect(asked).toEqual(new Set(Object.keys(panels)));
  });

  it('an alarm acknowledged: the alarm lists and badges, and Changes', async () => {
    const asked = await panelsAskedAgainAfter(() => useAlarmDecision('acknowledge'), {
      id: alarm.id,
      comment: 'seen',
    });
    expect(asked).toEqual(new Set(['alarms', 'changes']));
  });
});
