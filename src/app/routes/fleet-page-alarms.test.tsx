import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Alarm } from '../../../contract/alarms.ts';
import type { LatestPositions } from '../../../contract/positions.ts';
import { testConfig, testUuid } from '../../test/fake-history.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './fleet-page.tsx';

const reader = { 'demo:assets.history': ['READ'], 'demo:groups.history': ['READ'] } as const;

const alarmOf = (n: number, node: string, state: Alarm['state']): Alarm => ({
  id: testUuid(100 + n),
  kind: 'temperature',
  severity: 'critical',
  state,
  tenant: 'demo',
  channelUuid: testUuid(200 + n),
  channelName: `${node}/temp`,
  nodeUuid: testUuid(n),
  nodeName: node,
  direction: 'above',
  limits: { max: 8 },
  raisedAt: Date.now() - 60_000,
});

/** A cloud with latest positions, the fleet's stream (the test writes to it) and alarms. */
function alarmCloud() {
  const now = Date.now();
  const node = (n: number, name: string) => ({
    nodeUuid: testUuid(n),
    nodeName: name,
    lastSeen: now - 60_000,
    gps: { ts: now - 60_000, value: { lat: 52.3 + n / 100, lon: 4.9 } },
  });
  const answer: LatestPositions = {
    from: now - 86_400_000,
    to: now,
    nodes: [node(11, 'Reefer 01'), node(12, 'Van 02'), node(13, 'Van 03')],
    withheld: [],
  };
  const active = new Map([[testUuid(111), alarmOf(11, 'Reefer 01', 'raised')]]);
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const calls = fakeCloud((url) => {
    if (url.pathname === '/v1/openapi.json') {
      return json({
        paths: {
          '/v1/positions': { get: {} },
          '/v1/events': { get: {} },
          '/v1/alarms': { get: {} },
        },
      });
    }
    if (url.pathname === '/v1/positions') return json(answer);
    if (url.pathname === '/v1/alarms') return json({ alarms: [...active.values()] });
    if (url.pathname === '/v1/channels') return json([]);
    if (url.pathname === '/v1/events') {
      const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }
    return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
  });
  /** The cloud's alarm changes, as its store and its stream say them. */
  const change = async (alarm: Alarm) => {
    if (alarm.state === 'cleared') active.delete(alarm.id);
    else active.set(alarm.id, alarm);
    const type = alarm.state;
    const text = `event: alarm\ndata: ${JSON.stringify({ type, alarm })}\n\n`;
    await act(async () => streams.at(-1)?.enqueue(new TextEncoder().encode(text)));
  };
  const open = async () => {
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const text = 'event: open\ndata: {"replayed":"none","missed":false}\n\n';
    await act(async () => streams.at(-1)?.enqueue(new TextEncoder().encode(text)));
  };
  return { calls, change, open };
}

describe('the fleet map’s alarms', () => {
  it('marks nodes with an active alarm, filters the list to them, and follows the stream’s event: alarm', async () => {
    const { calls, change, open } = alarmCloud();
    renderPage(<Component />, reader as never, {
      path: '/fleet',
      url: '/fleet',
      config: testConfig,
    });
    await open();
    const list = await screen.findByRole('table', { name: 'Nodes on the map' });
    const rowOf = async (name: string) =>
      (await within(list).findByText(name)).closest('tr') as HTMLElement;
    await vi.waitFor(async () =>
      expect(
        within(await rowOf('Reefer 01')).getByRole('img', { name: 'Active alarm' }),
      ).toBeVisible(),
    );
    expect(within(await rowOf('Van 02')).queryByRole('img', { name: 'Active alarm' })).toBeNull();
    expect(screen.getByText(/Red triangles with “!”: nodes with an active alarm/)).toBeVisible();

    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Only nodes with active alarms (1)' }),
    );
    expect(within(list).getByText('Reefer 01')).toBeVisible();
    expect(within(list).queryByText('Van 02')).toBeNull();

    // Raised and cleared on the stream: the list follows without a reload.
    await change(alarmOf(12, 'Van 02', 'raised'));
    expect(
      await screen.findByRole('checkbox', { name: 'Only nodes with active alarms (2)' }),
    ).toBeChecked();
    expect(await within(list).findByText('Van 02')).toBeVisible();
    await change(alarmOf(11, 'Reefer 01', 'cleared'));
    await vi.waitFor(() => expect(within(list).queryByText('Reefer 01')).toBeNull());
    expect(
      screen.getByRole('checkbox', { name: 'Only nodes with active alarms (1)' }),
    ).toBeChecked();
    // Active alarms are read in one request for the whole map, never one per node.
    const alarmCalls = calls.filter((c) => c.url.pathname.startsWith('/v1/alarms'));
    expect(alarmCalls.every((c) => c.url.pathname === '/v1/alarms')).toBe(true);
    expect(alarmCalls[0]?.url.searchParams.get('state')).toBe('active');
  });
});
