import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { slice, testConfig, testUuid } from '../../test/fake-history.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './fleet-page.tsx';

const record = (n: number, channelType: string, name: string) => ({
  uuid: testUuid(n),
  channelType,
  name,
  active: true,
  pushInterval: 0,
});
const groups = [record(1, 'GROUP', 'Vans'), record(2, 'GROUP', 'Reefers')];
const nodes = [
  record(11, 'NODE', 'Van 01'),
  record(12, 'NODE', 'Reefer 01'),
  record(13, 'NODE', 'Lone 01'),
];
const members: Record<string, unknown[]> = {
  [testUuid(1)]: [nodes[0]],
  [testUuid(2)]: [nodes[1], record(21, 'SENSOR', 'Lone 01/temp')],
};

function renderFleet() {
  const now = Date.now();
  const gps = (node: (typeof nodes)[number], minutes: number) =>
    slice({
      nodeUuid: node.uuid,
      nodeName: node.name,
      ts: now - minutes * 60_000,
      type: 'GPS',
      value: { lat: 52.3 + minutes / 1000, lon: 4.9 },
    });
  const history: Record<string, unknown[]> = {
    [testUuid(1)]: [gps(nodes[0] ?? record(0, '', ''), 3)],
    [testUuid(2)]: [gps(nodes[1] ?? record(0, '', ''), 5)],
    [testUuid(13)]: [gps(nodes[2] ?? record(0, '', ''), 90)],
  };
  const calls = fakeCloud((url) => {
    const path = url.pathname;
    if (path === '/v1/channels') {
      return json(url.searchParams.get('channelType') === 'GROUP' ? groups : nodes);
    }
    const member = /^\/v1\/groups\/(.+)$/.exec(path);
    if (member?.[1]) return json(members[member[1]] ?? []);
    const answer = /^\/v1\/channels\/(.+)\/history$/.exec(path);
    if (answer?.[1]) return json(history[answer[1]] ?? []);
    return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
  });
  const { router } = renderPage(
    <Component />,
    { 'demo:assets.history': ['READ'], 'demo:groups.history': ['READ'] },
    {
      path: '/fleet',
      url: '/fleet',
      config: testConfig,
      routes: [{ path: '/channels/:uuid/history', element: <p>history page</p> }],
    },
  );
  return { calls, router };
}

describe('the fleet map', () => {
  it('asks each group once and each node no group covers once, and lists every node', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls, router } = renderFleet();
    const list = await screen.findByRole('table', { name: 'Nodes on the map' });
    expect(await within(list).findByText('Lone 01')).toBeVisible();
    expect(within(list).getByText('Van 01')).toBeVisible();
    expect(within(list).getByText('Reefer 01')).toBeVisible();
    const asked = calls
      .filter((c) => c.url.pathname.endsWith('/history'))
      .map((c) => c.url.pathname.split('/')[3]);
    expect(asked.sort()).toEqual([testUuid(1), testUuid(2), testUuid(13)].sort());
    expect(screen.getByRole('status')).toHaveTextContent(/^3 nodes with a position/);

    await userEvent.click(within(list).getByRole('link', { name: 'History of Lone 01' }));
    expect(router.state.location.pathname).toBe(`/channels/${testUuid(13)}/history`);
  });
});
