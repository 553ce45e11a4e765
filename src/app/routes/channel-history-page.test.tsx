import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Timeslice } from '../../../contract/timeslice.ts';
import type { PermissionMap } from '../../lib/permissions.ts';
import { slice, testConfig, testUuid } from '../../test/fake-history.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './channel-history-page.tsx';

const node = testUuid(7);
const DAY = 86_400_000;
const to = Date.UTC(2026, 10, 21, 12);
const from = to - 3 * DAY;
const data: Timeslice[] = [1, 2, 3].flatMap((h) => [
  slice({ nodeUuid: node, ts: to - h * 20 * 3_600_000, type: 'TEMP', value: { temperature: h } }),
  slice({
    nodeUuid: node,
    ts: to - h * 20 * 3_600_000 + 1,
    type: 'CONN',
    value: { function: 3, version: 10 + h },
  }),
]);

/** The channel record of the node the page shows. */
const van07 = {
  uuid: node,
  channelType: 'NODE',
  name: 'Van 07',
  active: true,
  pushInterval: 0,
};

function renderHistory(permissions: PermissionMap) {
  const calls = fakeCloud((url) => {
    if (url.pathname === `/v1/channels/${node}`) {
      return json(van07);
    }
    if (url.pathname === `/v1/channels/${node}/history`) {
      const a = Number(url.searchParams.get('from'));
      const b = Number(url.searchParams.get('to'));
      return json(data.filter((d) => d.ts >= a && d.ts <= b).sort((x, y) => y.ts - x.ts));
    }
    return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
  });
  const search = `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
  renderPage(<Component />, permissions, {
    path: '/channels/:channelUuid/history',
    url: `/channels/${node}/history?${search}`,
    config: testConfig,
  });
  return calls;
}

describe('the history page', () => {
  it('loads the range in the link one day per request and shows what arrived', async () => {
    const calls = renderHistory({ 'demo:assets': ['READ'], 'demo:assets.history': ['READ'] });
    expect(await screen.findByRole('heading', { name: 'History of Van 07' })).toBeVisible();
    expect(await screen.findByText(/^All 3 of 3 days loaded, 6 messages$/)).toBeVisible();
    const history = calls.filter((c) => c.url.pathname.endsWith('/history'));
    expect(history.map((c) => Number(c.url.searchParams.get('to')))).toEqual([
      to,
      to - DAY - 1,
      to - 2 * DAY - 2,
    ]);
    expect(
      within(await screen.findByRole('list', { name: 'Sensors' })).getByText(
        /Van 07 · temp \(3 readings\)/,
      ),
    ).toBeVisible();
    const changes = screen.getByRole('table', { name: 'Function and version changes' });
    expect(within(changes).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('No positions in this range.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('tells a person without history permission why, and asks the cloud for no history', async () => {
    const calls = renderHistory({ 'demo:assets': ['READ'], 'demo:groups': ['READ'] });
    // Said quietly: a permission the person lacks is not an error.
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('History is not available to you');
    expect(note).toHaveTextContent('needs READ on assets.history');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/history'))).toBe(false);
  });
});

describe('a range that is still arriving', () => {
  it('says its panels are loading, not that the range holds nothing', async () => {
    const conn = slice({
      nodeUuid: node,
      ts: to - 3_600_000,
      type: 'CONN',
      value: { function: 3, version: 9 },
    });
    // The newest day answers at once; the others never do (yet).
    fakeCloud((url) => {
      if (url.pathname === `/v1/channels/${node}`) {
        return json(van07);
      }
      if (url.pathname === `/v1/channels/${node}/history`) {
        return Number(url.searchParams.get('to')) === to
          ? json([conn])
          : new Promise<Response>(() => undefined);
      }
      return json([]);
    });
    const search = `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
    renderPage(
      <Component />,
      { 'demo:assets': ['READ'], 'demo:assets.history': ['READ'] },
      {
        path: '/channels/:channelUuid/history',
        url: `/channels/${node}/history?${search}`,
        config: testConfig,
      },
    );
    expect(
      await screen.findByText('Loading temperatures… none in the 1 of 3 days loaded so far.'),
    ).toBeVisible();
    expect(
      screen.getByText('Loading positions… none in the 1 of 3 days loaded so far.'),
    ).toBeVisible();
    expect(screen.queryByText(/No temperatures in this range/)).toBeNull();
  });
});

describe('Follow live', () => {
  it('is offered only for a range that ends now or within the last day', async () => {
    renderHistory({ 'demo:assets': ['READ'], 'demo:assets.history': ['READ'] });
    const follow = await screen.findByRole('switch', { name: /^Follow live/ });
    expect(follow).toBeDisabled();
    expect(
      screen.getByText('Only a range that ends now or within the last day can be followed.'),
    ).toBeVisible();
  });

  it('without the extension asks history for what is newer, says it is not live, and appends it', async () => {
    const now = Date.now();
    let fresh: Timeslice[] = [];
    const calls = fakeCloud((url) => {
      if (url.pathname === `/v1/channels/${node}`) {
        return json(van07);
      }
      if (url.pathname === `/v1/channels/${node}/history`) {
        const a = Number(url.searchParams.get('from'));
        return json(a > now ? fresh : []);
      }
      return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
    });
    const search = `from=${new Date(now - 3_600_000).toISOString()}&to=${new Date(now).toISOString()}`;
    renderPage(
      <Component />,
      { 'demo:assets': ['READ'], 'demo:assets.history': ['READ'] },
      {
        path: '/channels/:channelUuid/history',
        url: `/channels/${node}/history?${search}`,
        config: testConfig,
      },
    );
    expect(await screen.findByText(/^0 messages$/)).toBeVisible();
    fresh = [slice({ nodeUuid: node, ts: now + 5_000, type: 'TEMP', value: { temperature: -18 } })];
    (await screen.findByRole('switch', { name: /^Follow live/ })).click();
    expect(
      await screen.findByRole('status', { name: /^Not live: this cloud offers no live stream/ }),
    ).toHaveTextContent('Not live');
    // One reading is one message, not "1 messages".
    expect(await screen.findByText(/^1 message$/)).toBeVisible();
    // Asked for what is newer than the range, never for a stream.
    const polls = calls.filter(
      (c) => c.url.pathname.endsWith('/history') && Number(c.url.searchParams.get('from')) > now,
    );
    expect(polls.length).toBeGreaterThan(0);
    expect(calls.some((c) => c.url.pathname.endsWith('/events'))).toBe(false);
  });

  it('says a channel out of reach does not exist or is out of reach, without its UUID or a Retry', async () => {
    const unknown = testUuid(99);
    fakeCloud(() =>
      json(
        {
          status: 'NOT_FOUND',
          message: `Channel ${unknown} does not exist or is out of your reach.`,
        },
        404,
      ),
    );
    renderPage(
      <Component />,
      { 'demo:assets': ['READ'], 'demo:assets.history': ['READ'] },
      {
        path: '/channels/:channelUuid/history',
        url: `/channels/${unknown}/history`,
        config: testConfig,
      },
    );
    expect(await screen.findByText('This channel does not exist')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to channels' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Retry|Try again/ })).toBeNull();
    expect(document.body).not.toHaveTextContent(unknown);
  });
});
