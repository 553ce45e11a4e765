import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Alarm } from '../../../contract/alarms.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { AlarmBadge } from '../../features/alarms/alarm-badge.tsx';
import { Component } from './alarms-page.tsx';

const T = Date.UTC(2026, 10, 25, 3, 0, 0);
const alarm: Alarm = {
  id: '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b',
  kind: 'temperature',
  severity: 'critical',
  state: 'raised',
  tenant: 'demo',
  channelUuid: '1b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b',
  channelName: 'Reefer 02/temp',
  nodeUuid: '2b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b',
  nodeName: 'Reefer 02',
  direction: 'above',
  limits: { min: 0, max: 8 },
  excursionStart: { ts: T, value: 10 },
  raisedAt: T,
  raisedBy: { ts: T, value: 10 },
  peak: { ts: T + 600_000, value: 13 },
};

const openapi = (alarms: boolean) =>
  json({ paths: alarms ? { '/v1/alarms': { get: {} } } : { '/v1/channels': { get: {} } } });

describe('the Alarms page', () => {
  it('lists what went wrong and acknowledges an alarm with a comment', async () => {
    let current: Alarm = alarm;
    const calls = fakeCloud(async (url, init) => {
      if (url.pathname === '/v1/openapi.json') return openapi(true);
      if (url.pathname === `/v1/alarms/${alarm.id}/acknowledge`) {
        const { comment } = JSON.parse(String(init.body)) as { comment: string };
        current = {
          ...alarm,
          state: 'acknowledged',
          acknowledged: { by: 'tester', at: T + 60_000, comment },
        };
        return json(current);
      }
      if (url.pathname === '/v1/alarms') return json({ alarms: [current] });
      return json({}, 404);
    });
    renderPage(<Component />);
    // The contract's validators load beside the first request: allow it time on a busy machine.
    const row = (
      await screen.findByText('Reefer 02', {}, { timeout: 10_000 })
    ).closest<HTMLElement>('[role="row"]');
    if (!row) throw new Error('no row for Reefer 02');
    expect(row).toHaveTextContent('10 °C, above 8 °C (peak 13 °C)');
    expect(row).toHaveTextContent('Critical');
    expect(within(row).getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      expect.stringContaining(`/channels/${alarm.nodeUuid}/history?from=`),
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Acknowledge the alarm of Reefer 02',
    });
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Driver called, doors shut');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Acknowledged by tester: Driver called, doors shut'),
    ).toBeVisible();
    const sent = calls.find((call) => call.url.pathname.endsWith('/acknowledge'));
    expect(sent?.init.method).toBe('POST');
    // The list asked for active alarms.
    expect(
      calls.find((call) => call.url.pathname === '/v1/alarms')?.url.searchParams.get('state'),
    ).toBe('active');
  });

  it('filters by group, asking the cloud for that group’s alarms; a place alarm names the place', async () => {
    const north = { uuid: '4b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b', name: 'North' };
    const place: Alarm = {
      ...alarm,
      id: '5b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b',
      kind: 'place',
      severity: 'warning',
      nodeName: 'Van North',
      place: { name: 'Depot Zaandam', lat: 52.44, lon: 4.82, radius: 300 },
    };
    const calls = fakeCloud(async (url) => {
      if (url.pathname === '/v1/openapi.json') return openapi(true);
      if (url.pathname === '/v1/channels') {
        return json([{ ...north, channelType: 'GROUP', active: true, pushInterval: 0 }]);
      }
      if (url.pathname === '/v1/alarms') {
        return json({ alarms: url.searchParams.get('channel') === north.uuid ? [place] : [alarm] });
      }
      return json({}, 404);
    });
    renderPage(<Component />);
    expect(await screen.findByText('Reefer 02', {}, { timeout: 10_000 })).toBeVisible();
    await userEvent.click(screen.getByRole('combobox', { name: 'Group' }));
    await userEvent.click(await screen.findByRole('option', { name: 'North' }));
    const row = (await screen.findByText('Van North')).closest<HTMLElement>('[role="row"]');
    if (!row) throw new Error('no row for Van North');
    expect(row).toHaveTextContent('Arrived at Depot Zaandam');
    expect(row).toHaveTextContent('Warning');
    expect(screen.queryByText('Reefer 02')).toBeNull();
    expect(calls.some((call) => call.url.searchParams.get('channel') === north.uuid)).toBe(true);
  });

  it('clearing by hand asks for a comment before sending', async () => {
    const calls = fakeCloud(async (url) => {
      if (url.pathname === '/v1/openapi.json') return openapi(true);
      if (url.pathname === '/v1/alarms') return json({ alarms: [alarm] });
      return json({}, 404);
    });
    renderPage(<Component />);
    await userEvent.click(await screen.findByRole('button', { name: 'Clear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the alarm of Reefer 02' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Say why it is cleared.')).toBeVisible();
    expect(calls.some((call) => call.url.pathname.endsWith('/clear'))).toBe(false);
  });

  it('against a cloud without alarms, says the console only watches while open', async () => {
    const calls = fakeCloud(async (url) =>
      url.pathname === '/v1/openapi.json' ? openapi(false) : json({}, 404),
    );
    renderPage(<Component />);
    expect(await screen.findByText(/only watches while it is open/)).toBeVisible();
    expect(calls.some((call) => call.url.pathname === '/v1/alarms')).toBe(false);
  });
});

describe('the alarm badge', () => {
  it('counts the active alarms nobody acknowledged and links to the Alarms page', async () => {
    const calls = fakeCloud(async (url) => {
      if (url.pathname === '/v1/openapi.json') return openapi(true);
      if (url.pathname === '/v1/alarms')
        return json({ alarms: [alarm, { ...alarm, id: '3b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b' }] });
      return json({}, 404);
    });
    renderPage(<AlarmBadge />);
    const link = await screen.findByRole('link', { name: '2 alarms waiting' });
    expect(link).toHaveAttribute('href', '/alarms');
    expect(link).toHaveTextContent('2');
    await waitFor(() =>
      expect(
        calls.find((call) => call.url.pathname === '/v1/alarms')?.url.searchParams.get('state'),
      ).toBe('raised'),
    );
  });

  it('shows nothing on a cloud without alarms', async () => {
    const calls = fakeCloud(async (url) =>
      url.pathname === '/v1/openapi.json' ? openapi(false) : json({}, 404),
    );
    renderPage(<AlarmBadge />);
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === '/v1/openapi.json')).toBe(true),
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(calls.some((call) => call.url.pathname === '/v1/alarms')).toBe(false);
  });
});
