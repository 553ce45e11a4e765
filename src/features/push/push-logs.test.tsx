import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/i18n.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import { TestInbox } from './test-inbox.tsx';

const channelUuid = '88888888-8888-4888-8888-888888888888';
const inboxUuid = '44444444-4444-4444-8444-444444444444';
const inboxAddress = `http://cloud.test/v1/push-inboxes/${inboxUuid}/deliveries`;

/** A cloud with the delivery log and push inboxes, whose log and inbox hold one success and one failure. */
function cloudWithLogs() {
  fakeCloud((url) => {
    if (url.pathname === '/v1/openapi.json') {
      return json({
        paths: {
          '/v1/channels/{channelUuid}/push/deliveries': { get: {} },
          '/v1/push-inboxes': { get: {}, post: {} },
          '/v1/push-inboxes/{inboxUuid}': { get: {}, delete: {} },
        },
      });
    }
    if (url.pathname.endsWith('/push/deliveries')) {
      return json([
        { at: 1_764_000_000_000, eventCount: 3, responseStatus: 200, durationMs: 1234.4 },
        { at: 1_764_000_060_000, eventCount: 1, responseStatus: null, durationMs: 10_000 },
      ]);
    }
    if (url.pathname === '/v1/push-inboxes') {
      return json([{ uuid: inboxUuid, address: inboxAddress, createdAt: 1 }]);
    }
    return json({
      uuid: inboxUuid,
      address: inboxAddress,
      createdAt: 1,
      arrivals: [
        {
          at: 1_764_000_000_000,
          verified: true,
          eventCount: 3,
          channelName: 'Van 07/temp',
          events: [],
        },
        { at: 1_764_000_060_000, verified: false },
      ],
    });
  });
}

describe('the push panel’s delivery log and test inbox', () => {
  it('speak English', async () => {
    cloudWithLogs();
    renderPage(
      <>
        <DeliveryLog channelUuid={channelUuid} />
        <TestInbox pushURL={inboxAddress} />
      </>,
    );
    const log = await screen.findByRole('table', { name: 'Last deliveries' });
    expect(within(log).getByRole('columnheader', { name: 'Outcome' })).toBeVisible();
    expect(within(log).getByText('1,234 ms')).toBeVisible();
    expect(within(log).getByText('No answer')).toBeVisible();
    const inbox = await screen.findByRole('table', { name: 'Arrived in the test inbox' });
    expect(within(inbox).getByText('Verified')).toBeVisible();
    expect(within(inbox).getByText('Not verified: the signature does not match')).toBeVisible();
    expect(
      screen.getByText('Latest verified delivery of Van 07/temp (first events)'),
    ).toBeVisible();
  });

  it('speak Dutch, numbers and all', async () => {
    applyLanguage('nl', ['nl-NL']);
    cloudWithLogs();
    renderPage(
      <>
        <DeliveryLog channelUuid={channelUuid} />
        <TestInbox pushURL={inboxAddress} />
      </>,
    );
    const log = await screen.findByRole('table', { name: 'Laatste leveringen' });
    for (const header of ['Tijd', 'Gebeurtenissen', 'Uitkomst', 'Duur'])
      expect(within(log).getByRole('columnheader', { name: header })).toBeVisible();
    expect(within(log).getByText('1.234 ms')).toBeVisible();
    expect(within(log).getByText('Geen antwoord')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Testinbox' })).toBeVisible();
    const inbox = await screen.findByRole('table', { name: 'Aangekomen in de testinbox' });
    expect(within(inbox).getByText('Klopt')).toBeVisible();
    expect(within(inbox).getByText('Klopt niet: de handtekening komt niet overeen')).toBeVisible();
    expect(
      screen.getByText('Laatste geldige levering van Van 07/temp (eerste gebeurtenissen)'),
    ).toBeVisible();
  });
});
