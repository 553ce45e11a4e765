import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PermissionMap } from '../../lib/permissions.ts';
import { channelListQuery } from '../../api/channels.ts';
import { latestPositionsQuery } from '../../api/positions.ts';
import { testConfig, testUuid } from '../../test/fake-history.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component as ChannelPage } from './channel-page.tsx';
import { Component as HistoryPage } from './channel-history-page.tsx';

// Issue 22: an unreachable channel's history showed its raw UUID and a Retry that cannot help.

const unknown = testUuid(77);
const permissions: PermissionMap = { 'demo:assets': ['READ'], 'demo:assets.history': ['READ'] };
const fleetAndChannels = [
  { path: '/fleet', element: <h1>Fleet map</h1> },
  { path: '/channels', element: <h1>Channel list</h1> },
];

/** The cloud answers `answer` for the channel and counts how often it was asked. */
function cloudAnswering(answer: () => Response) {
  const calls = fakeCloud((url) =>
    url.pathname === `/v1/channels/${unknown}`
      ? answer()
      : json({ status: 'NOT_FOUND', message: 'nothing here' }, 404),
  );
  return () => calls.filter((call) => call.url.pathname === `/v1/channels/${unknown}`).length;
}

const notFound = () =>
  json(
    {
      status: 'NOT_FOUND',
      message: `Channel ${unknown} does not exist or is not within your reach.`,
    },
    404,
  );
const forbidden = () =>
  json(
    {
      status: 'FORBIDDEN',
      message: `Refused: reading channel ${unknown} needs READ on assets in tenant demo.`,
    },
    403,
  );

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

function openHistory(queryClient = client()) {
  return renderPage(<HistoryPage />, permissions, {
    path: '/channels/:channelUuid/history',
    url: `/channels/${unknown}/history`,
    config: testConfig,
    routes: fleetAndChannels,
    client: queryClient,
  });
}

describe('the history of a channel the cloud will not show', () => {
  it('names it as the Fleet map showed it, offers the way back to Fleet, and no Retry or UUID', async () => {
    cloudAnswering(notFound);
    const queryClient = client();
    // The person came from the Fleet map, which named the van.
    queryClient.setQueryData(latestPositionsQuery({}).queryKey.slice(), {
      nodes: [{ nodeUuid: unknown, nodeName: 'Van 07' }],
    });
    openHistory(queryClient);
    expect(await screen.findByText('Van 07 does not exist or is out of your reach')).toBeVisible();
    expect(screen.getByText(/asking again will not change its answer/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(document.body).not.toHaveTextContent(unknown);
    await userEvent.click(screen.getByRole('link', { name: 'Go to the fleet map' }));
    expect(await screen.findByRole('heading', { name: 'Fleet map' })).toBeVisible();
  });

  it('says "this channel" where the console never saw its name, with the way back to the list', async () => {
    cloudAnswering(notFound);
    openHistory();
    expect(await screen.findByText('This channel does not exist')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the fleet map' })).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Go to channels' }));
    expect(await screen.findByRole('heading', { name: 'Channel list' })).toBeVisible();
  });

  it('says a refused channel may not be seen, by the name the channel list gave it, without Retry', async () => {
    const asked = cloudAnswering(forbidden);
    const queryClient = client();
    queryClient.setQueryData(channelListQuery({}).queryKey, [
      {
        uuid: unknown,
        channelType: 'NODE' as const,
        name: 'Reefer 05',
        active: true,
        pushInterval: 0,
      },
    ]);
    openHistory(queryClient);
    expect(await screen.findByText('You may not see Reefer 05')).toBeVisible();
    expect(screen.getByText(/An administrator of its tenant can give you access/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(document.body).not.toHaveTextContent(unknown);
    expect(asked()).toBe(1);
  });

  it.each([
    ['the cloud failing (500)', () => json({ status: 'INTERNAL', message: 'Database down' }, 500)],
    [
      'too many requests (429)',
      () => json({ status: 'TOO_MANY_REQUESTS', message: 'Slow down' }, 429),
    ],
  ])('offers Retry where asking again can help: %s', async (_what, answer) => {
    const asked = cloudAnswering(answer);
    openHistory();
    expect(await screen.findByText('This channel could not be loaded')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await expect.poll(asked).toBe(2);
  });

  it('offers Retry when the network fails', async () => {
    fakeCloud(() => {
      throw new TypeError('Failed to fetch');
    });
    openHistory();
    expect(await screen.findByText('This channel could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

describe('the page of a channel the cloud will not show', () => {
  it('says it may not be seen, with the ways back and no Retry', async () => {
    cloudAnswering(forbidden);
    renderPage(<ChannelPage />, permissions, {
      path: '/channels/:channelUuid',
      url: `/channels/${unknown}`,
      routes: fleetAndChannels,
      client: client(),
    });
    expect(await screen.findByText('You may not see this channel')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the fleet map' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to channels' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(document.body).not.toHaveTextContent(unknown);
  });
});
