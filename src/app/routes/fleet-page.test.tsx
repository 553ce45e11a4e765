import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import type { LatestPositions } from '../../../contract/positions.ts';
import { slice, testConfig, testUuid } from '../../test/fake-history.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { reportReachable } from '../../api/network-status.ts';
import { CloudStatus } from '../shell/cloud-status.tsx';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './fleet-page.tsx';

const record = (n: number, channelType: string, name: string, tenant?: string) => ({
  uuid: testUuid(n),
  channelType,
  name,
  active: true,
  pushInterval: 0,
  ...(tenant ? { tenant } : {}),
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
const reader = { 'demo:assets.history': ['READ'], 'demo:groups.history': ['READ'] } as const;
/** The demo's admin: history in demo only, READ on assets and groups in acme too. */
const admin = {
  ...reader,
  'demo:assets': ['READ'],
  'demo:groups': ['READ'],
  'acme:assets': ['READ'],
  'acme:groups': ['READ'],
} as const;

const gps = (node: { uuid: string; name: string }, minutes: number) =>
  slice({
    nodeUuid: node.uuid,
    nodeName: node.name,
    ts: Date.now() - minutes * 60_000,
    type: 'GPS',
    value: { lat: 52.3 + minutes / 1000, lon: 4.9 },
  });

/** The OpenAPI document of a cloud with or without the latest-positions extension. */
const openapi = (positions: boolean) =>
  json({ paths: positions ? { '/v1/positions': { get: {} } } : { '/v1/channels': { get: {} } } });

function fleetPage(permissions: Record<string, readonly string[]> = reader) {
  return renderPage(<Component />, permissions as never, {
    path: '/fleet',
    url: '/fleet',
    config: testConfig,
    routes: [
      { path: '/channels/:uuid/history', element: <p>history page</p> },
      { path: '/elsewhere', element: <p>another page</p> },
    ],
  });
}

const historyCalls = (calls: { url: URL }[]) =>
  calls.filter((c) => c.url.pathname.endsWith('/history')).map((c) => c.url.pathname.split('/')[3]);

describe('the fleet map, from history (a cloud without the extension)', () => {
  it('asks each group once and each node no group covers once, and lists every node', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const history: Record<string, unknown[]> = {
      [testUuid(1)]: [gps(nodes[0] ?? record(0, '', ''), 3)],
      [testUuid(2)]: [gps(nodes[1] ?? record(0, '', ''), 5)],
      [testUuid(13)]: [gps(nodes[2] ?? record(0, '', ''), 90)],
    };
    const calls = fakeCloud((url) => {
      const path = url.pathname;
      if (path === '/v1/openapi.json') return openapi(false);
      if (path === '/v1/channels') {
        return json(url.searchParams.get('channelType') === 'GROUP' ? groups : nodes);
      }
      const member = /^\/v1\/groups\/(.+)$/.exec(path);
      if (member?.[1]) return json(members[member[1]] ?? []);
      const answer = /^\/v1\/channels\/(.+)\/history$/.exec(path);
      if (answer?.[1]) return json(history[answer[1]] ?? []);
      return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
    });
    const { router } = fleetPage();
    const list = await screen.findByRole('table', { name: 'Nodes on the map' });
    // Seven requests answered one after another: longer than a second on a busy machine.
    expect(await within(list).findByText('Lone 01', {}, { timeout: 10_000 })).toBeVisible();
    expect(within(list).getByText('Van 01')).toBeVisible();
    expect(within(list).getByText('Reefer 01')).toBeVisible();
    expect(historyCalls(calls).sort()).toEqual([testUuid(1), testUuid(2), testUuid(13)].sort());
    expect(await screen.findByText(/^3 nodes with a position/)).toBeVisible();

    await userEvent.click(within(list).getByRole('link', { name: 'History of Lone 01' }));
    expect(router.state.location.pathname).toBe(`/channels/${testUuid(13)}/history`);
  });

  it('keeps a handful of requests in flight, shows progress, and stops when the person leaves', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const many = Array.from({ length: 40 }, (_, i) => record(100 + i, 'NODE', `Node ${i + 1}`));
    let inFlight = 0;
    let most = 0;
    const waiting: (() => void)[] = [];
    const aborted: string[] = [];
    const calls = fakeCloud((url, init) => {
      const path = url.pathname;
      if (path === '/v1/openapi.json') return openapi(false);
      if (path === '/v1/channels') {
        return json(url.searchParams.get('channelType') === 'GROUP' ? [] : many);
      }
      const answer = /^\/v1\/channels\/(.+)\/history$/.exec(path);
      const node = many.find((n) => n.uuid === answer?.[1]);
      if (!node) return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
      inFlight += 1;
      most = Math.max(most, inFlight);
      return new Promise<Response>((resolve, reject) => {
        let open = true;
        init.signal?.addEventListener('abort', () => {
          if (!open) return;
          open = false;
          inFlight -= 1;
          aborted.push(node.uuid);
          reject(new DOMException('aborted', 'AbortError'));
        });
        waiting.push(() => {
          if (!open) return;
          open = false;
          inFlight -= 1;
          resolve(json([gps(node, 1)]));
        });
      });
    });
    const { router } = fleetPage();
    // Answer the first twelve, one after the other, as a slow cloud would.
    for (let answered = 0; answered < 12; answered++) {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      await act(async () => waiting.shift()?.());
    }
    // A handful: never more than 8 in flight (issue 9), where the page once sent all at once.
    expect(most).toBeLessThanOrEqual(8);
    expect(most).toBeGreaterThan(1);
    expect(
      await screen.findByText(/^Loading positions: \d+ of 40 requests answered/),
    ).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Positions loaded' })).toBeVisible();
    const asked = historyCalls(calls).length;
    expect(asked).toBeLessThan(40);

    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByText('another page')).toBeVisible();
    expect(aborted.length).toBe(asked - 12);
    await act(async () => {
      for (const answer of waiting.splice(0)) answer();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(historyCalls(calls)).toHaveLength(asked);
  });

  it('asks separately for the members a full group answer leaves out', async () => {
    const vans = record(1, 'GROUP', 'Vans');
    const [busy, quiet] = [record(11, 'NODE', 'Busy van'), record(12, 'NODE', 'Quiet van')];
    const now = Date.now();
    // The group's newest 10,000 messages are all temperatures of the busy van: no positions.
    const full = Array.from({ length: 10_000 }, (_, i) =>
      slice({
        nodeUuid: busy.uuid,
        nodeName: busy.name,
        ts: now - i * 1000,
        type: 'TEMP',
        value: { temperature: 4 },
      }),
    );
    const calls = fakeCloud((url) => {
      const path = url.pathname;
      if (path === '/v1/openapi.json') return openapi(false);
      if (path === '/v1/channels') {
        return json(url.searchParams.get('channelType') === 'GROUP' ? [vans] : [busy, quiet]);
      }
      if (path === `/v1/groups/${vans.uuid}`) return json([busy, quiet]);
      if (path === `/v1/channels/${vans.uuid}/history`) return json(full);
      if (path === `/v1/channels/${busy.uuid}/history`) return json([gps(busy, 30)]);
      if (path === `/v1/channels/${quiet.uuid}/history`) return json([gps(quiet, 300)]);
      return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
    });
    fleetPage();
    expect(
      await screen.findByText(/^2 nodes with a position/, {}, { timeout: 5_000 }),
    ).toBeVisible();
    expect(historyCalls(calls).sort()).toEqual([vans.uuid, busy.uuid, quiet.uuid].sort());
  });

  it('never asks for what the person may not read, and says quietly what is not shown', async () => {
    const own = record(1, 'GROUP', 'Vans', 'demo');
    const acmeGroup = record(3, 'GROUP', 'Acme trucks', 'acme');
    const van = record(11, 'NODE', 'Van 01', 'demo');
    const trucks = [
      record(31, 'NODE', 'Acme Truck 01', 'acme'),
      record(35, 'NODE', 'Acme Truck 05', 'acme'),
    ];
    const calls = fakeCloud((url) => {
      const path = url.pathname;
      if (path === '/v1/openapi.json') return openapi(false);
      if (path === '/v1/channels') {
        return json(
          url.searchParams.get('channelType') === 'GROUP' ? [own, acmeGroup] : [van, ...trucks],
        );
      }
      if (path === `/v1/groups/${own.uuid}`) return json([van]);
      if (path === `/v1/channels/${own.uuid}/history`) return json([gps(van, 2)]);
      return json({ status: 'FORBIDDEN', message: 'Refused.' }, 403);
    });
    fleetPage(admin);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Not on the map');
    expect(note).toHaveTextContent(
      'Group Acme trucks: your role does not allow reading the history of groups in tenant acme.',
    );
    expect(note).toHaveTextContent(
      '2 nodes: your role does not allow reading the history of nodes and sensors in tenant acme.',
    );
    expect(await screen.findByText(/^1 node with a position/)).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(historyCalls(calls)).toEqual([own.uuid]);
    expect(calls.some((c) => c.url.pathname === `/v1/groups/${acmeGroup.uuid}`)).toBe(false);
    expect(
      screen.getByRole('option', { name: 'Group Acme trucks (no access to its history)' }),
    ).toBeDisabled();
  });
});

describe('the fleet map, through the latest-positions extension', () => {
  it('asks for every node at the moment and two minutes before, and says quietly which nodes it may not show', async () => {
    const now = Date.now();
    const answer: LatestPositions = {
      from: now - 86_400_000,
      to: now,
      nodes: [
        {
          nodeUuid: testUuid(11),
          nodeName: 'Van 01',
          lastSeen: now - 60_000,
          gps: { ts: now - 60_000, value: { lat: 52.3, lon: 4.9, hdop: 1.1 } },
          temp: { ts: now - 120_000, value: { temperature: 5 } },
        },
        { nodeUuid: testUuid(12), nodeName: 'Van 02', lastSeen: now - 60_000 },
      ],
      withheld: [
        {
          tenant: 'acme',
          nodes: 4,
          message: 'Reading their positions needs READ on assets.history in tenant acme.',
        },
      ],
    };
    const calls = fakeCloud((url) => {
      if (url.pathname === '/v1/openapi.json') return openapi(true);
      if (url.pathname === '/v1/positions') return json(answer);
      if (url.pathname === '/v1/channels') return json([] satisfies ChannelRecord[]);
      return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
    });
    fleetPage(admin);
    const list = await screen.findByRole('table', { name: 'Nodes on the map' });
    expect(await within(list).findByText('Van 01')).toBeVisible();
    expect(within(list).getByText('5 °C')).toBeVisible();
    expect(within(list).queryByText('Van 02')).toBeNull();
    expect(await screen.findByText(/^1 node with a position/)).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      '4 nodes of tenant acme: your role does not allow reading the history of nodes and sensors in tenant acme.',
    );
    // The second answer, two minutes before the first one's `to`, gives each node the fix before
    // its newest: the speed between them tells whether it moves (docs/decisions/0062).
    const asked = calls.filter((c) => c.url.pathname === '/v1/positions');
    expect(asked.map((c) => c.url.searchParams.get('to'))).toEqual([null, String(now - 120_000)]);
    expect(historyCalls(calls)).toEqual([]);
    expect(calls.some((c) => c.url.pathname.startsWith('/v1/groups/'))).toBe(false);
  });
});

describe('the fleet map, live', () => {
  /** A cloud with latest positions and the fleet's stream, which the test writes to. */
  function liveCloud() {
    const now = Date.now();
    const answer: LatestPositions = {
      from: now - 86_400_000,
      to: now,
      nodes: [
        {
          nodeUuid: testUuid(11),
          nodeName: 'Van 01',
          lastSeen: now - 20 * 60_000,
          gps: { ts: now - 20 * 60_000, value: { lat: 52.3, lon: 4.9, stationary: true } },
        },
      ],
      withheld: [],
    };
    const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
    const aborted: string[] = [];
    const state = { down: false };
    const calls = fakeCloud((url, init) => {
      if (state.down) throw new TypeError('Failed to fetch');
      if (url.pathname === '/v1/admin/ping') return json({ status: 'OK' });
      if (url.pathname === '/v1/openapi.json') {
        return json({ paths: { '/v1/positions': { get: {} }, '/v1/events': { get: {} } } });
      }
      if (url.pathname === '/v1/positions') return json(answer);
      if (url.pathname === '/v1/channels') return json([] satisfies ChannelRecord[]);
      if (url.pathname === '/v1/events') {
        const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
        init.signal?.addEventListener('abort', () => {
          aborted.push(url.pathname);
          streams.at(-1)?.error(init.signal?.reason);
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      }
      return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
    });
    const send = (text: string) => streams.at(-1)?.enqueue(new TextEncoder().encode(text));
    return {
      calls,
      streams,
      send,
      aborted,
      set down(down: boolean) {
        state.down = down;
      },
    };
  }

  it('opens one stream before asking for positions, a reading moves the node at once, and leaving ends it', async () => {
    const { calls, send, streams, aborted } = liveCloud();
    const { router } = fleetPage(admin);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    // Positions are asked for once the stream is open: nothing falls between the two.
    expect(calls.some((c) => c.url.pathname === '/v1/positions')).toBe(false);
    await act(async () => send('event: open\ndata: {"replayed":"none","missed":false}\n\n'));
    expect(await screen.findByRole('status', { name: /^Live: readings appear/ })).toHaveTextContent(
      'Live',
    );
    const list = await screen.findByRole('table', { name: 'Nodes on the map' });
    const row = (await within(list).findByText('Van 01')).closest('tr') as HTMLElement;
    // Not heard from for 20 minutes: silent after the default 15.
    expect(row).toHaveTextContent('Silent');
    const fix = slice({
      nodeUuid: testUuid(11),
      nodeName: 'Van 01',
      ts: Date.now(),
      type: 'GPS',
      value: { lat: 52.31, lon: 4.9 },
    });
    await act(async () => send(`id: 5-1\nevent: timeslices\ndata: ${JSON.stringify([fix])}\n\n`));
    await vi.waitFor(() => expect(row).toHaveTextContent('Moving'));
    expect(row).toHaveTextContent(/\d s ago/);
    expect(calls.filter((c) => c.url.pathname === '/v1/events')).toHaveLength(1);
    expect(calls.filter((c) => c.url.pathname === '/v1/positions')).toHaveLength(2);

    await act(async () => router.navigate('/elsewhere'));
    expect(aborted).toEqual(['/v1/events']);
  });

  it('says plainly when the stream drops and it reconnects, and the cloud badge hears it without a ping', async () => {
    const cloud = liveCloud();
    const { send, streams, calls } = cloud;
    renderPage(
      <>
        <CloudStatus />
        <Component />
      </>,
      admin,
      { path: '/fleet', url: '/fleet', config: testConfig, client: createQueryClient() },
    );
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    await act(async () => send('event: open\ndata: {"replayed":"none","missed":false}\n\n'));
    await screen.findByRole('status', { name: /^Live: readings appear/ });
    expect(await screen.findByText('Cloud operational')).toBeVisible();
    const pings = () =>
      calls.filter((c) => c.url.pathname === '/v1/admin/ping' && c.init.mode !== 'no-cors').length;
    const before = pings();
    // The cloud goes away: the stream ends, and its reconnect finds nobody.
    cloud.down = true;
    await act(async () => streams[0]?.close());
    const badge = await screen.findByRole('status', { name: /^The live stream was interrupted/ });
    expect(badge).toHaveTextContent('Live: reconnecting…');
    expect(await screen.findByText('Cloud unreachable', {}, { timeout: 5_000 })).toBeVisible();
    expect(pings()).toBe(before);
    reportReachable(true);
  });
});

describe('the fleet map without history permissions', () => {
  it('says so in a fleet manager’s words, without permission names (issue 22)', async () => {
    fakeCloud((url) =>
      url.pathname === '/v1/openapi.json'
        ? openapi(false)
        : json({ status: 'NOT_FOUND', message: 'nothing here' }, 404),
    );
    fleetPage({ 'demo:assets': ['READ'] });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('The fleet map is not available to you');
    expect(note).toHaveTextContent('your role allows reading neither');
    expect(note).not.toHaveTextContent(/READ on|assets\.history|groups\.history/);
    expect(within(note).getByRole('link', { name: 'What you may do' })).toBeVisible();
  });
});

describe('the fleet map while the profile loads', () => {
  it('says what is loading as a busy status, not as a name on a bare placeholder', async () => {
    // The profile never comes: the page stays on its placeholder.
    fakeCloud(() => new Promise<Response>(() => undefined));
    renderPage(
      <Component />,
      {},
      { path: '/fleet', url: '/fleet', config: testConfig, profile: 'from-cloud' },
    );
    const loading = await screen.findByRole('status', { name: 'Loading the fleet map' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
  });
});
