import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccessExplanation } from '../../../contract/people.ts';
import { testConfig, testUuid } from '../../test/fake-history.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component as ChannelPage } from './channel-page.tsx';

// Issue 34, item 5: "Open Reefer 07" from Activity led support to "This channel does not exist".

const REEFER = testUuid(7);
const GROUP = testUuid(8);
const support = { 'demo:assets': ['READ'], 'demo:users': ['READ'] } as const;

const outOfReach: AccessExplanation = {
  person: { id: 'u1', username: 'support', name: 'Sam Support' },
  channel: { uuid: REEFER, name: 'Reefer 07', type: 'NODE', tenant: 'demo', active: true },
  reach: {
    reachable: false,
    paths: [],
    nearest: [
      {
        group: { uuid: GROUP, name: 'Cold chain' },
        member: { uuid: REEFER, name: 'Reefer 07' },
        permissionSets: ['demo-admin', 'demo-fleet'],
        onlyBy: [],
      },
    ],
  },
  verdicts: [],
};

function open(explainer: boolean) {
  const calls = fakeCloud((url) => {
    if (url.pathname === '/v1/openapi.json') {
      return json({
        paths: explainer
          ? { '/v1/users': { get: {} }, '/v1/channels/{channelUuid}/access': { get: {} } }
          : {},
      });
    }
    if (url.pathname === `/v1/channels/${REEFER}/access` && url.searchParams.get('user') === 'u1') {
      return json(outOfReach);
    }
    return json(
      { status: 'NOT_FOUND', message: 'Channel does not exist or is not within your reach.' },
      404,
    );
  });
  renderPage(<ChannelPage />, support, {
    path: '/channels/:channelUuid',
    url: `/channels/${REEFER}`,
    config: testConfig,
    client: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
  return calls;
}

describe('a channel out of the reach of someone who may look people up', () => {
  it('says they may not open it, and what would let them, instead of "does not exist"', async () => {
    open(true);
    expect(
      await screen.findByText('You may not open Reefer 07', {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.getByText(/It exists, but it is out of your reach/)).toBeVisible();
    expect(
      screen.getByText('What would let you open it: giving the group Cold chain to support.'),
    ).toBeVisible();
    expect(screen.queryByText('This channel does not exist')).toBeNull();
    expect(screen.getByRole('link', { name: 'Check someone’s access to it' })).toHaveAttribute(
      'href',
      `/people?channel=${REEFER}`,
    );
  });

  it('still says "does not exist or is out of reach" where the cloud does not explain', async () => {
    open(false);
    expect(
      await screen.findByText('This channel does not exist', {}, { timeout: 15_000 }),
    ).toBeVisible();
  });
});
