import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { slice, testConfig, testUuid } from '../../test/fake-history.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component as AlarmsPage } from './alarms-page.tsx';
import { AlarmBadge } from '../../features/alarms/alarm-badge.tsx';
import { LocalAlarmWatch } from '../../features/alarms/local-alarm-watch.tsx';

const MIN = 60_000;
const record = (n: number, channelType: string, name: string, properties?: object) => ({
  uuid: testUuid(n),
  channelType,
  name,
  active: true,
  pushInterval: 0,
  tenant: 'demo',
  ...(properties ? { properties } : {}),
});
const chilled = record(1, 'GROUP', 'Chilled', { temperature: { min: 0, max: 8 } });
const reefer = record(3, 'NODE', 'Reefer 02');
const van = record(6, 'NODE', 'Van 09');
const reader = { 'demo:assets.history': ['READ'], 'demo:groups.history': ['READ'] } as const;

const temp = (minutesAgo: number, value: number) =>
  slice({
    ts: Date.now() - minutesAgo * MIN,
    type: 'TEMP',
    value: { temperature: value },
    nodeUuid: reefer.uuid,
    nodeName: reefer.name,
    sensorUuid: testUuid(4),
    sensorName: 'Reefer 02/temp',
  });

/** A cloud without the alarms extension: its channels, one group's members and their history. */
function cloudWithoutAlarms(
  records: readonly ReturnType<typeof record>[],
  group: ReturnType<typeof record>,
  members: readonly ReturnType<typeof record>[],
  history: () => Timeslice[],
) {
  return fakeCloud(async (url, init) => {
    const path = url.pathname;
    if (path === '/v1/openapi.json') return json({ paths: { '/v1/channels': { get: {} } } });
    if (path === '/v1/channels') {
      const type = url.searchParams.get('channelType');
      return json(records.filter((r) => r.channelType === type));
    }
    if (path === `/v1/groups/${group.uuid}`) return json(members);
    if (path === `/v1/channels/${group.uuid}/history`) return json(history());
    if (init.method === 'POST') return json({}, 500);
    return json({}, 404);
  });
}

/** The header's badge and the Alarms page under the console's own watch. */
function renderWatch() {
  renderPage(
    <LocalAlarmWatch username="fleet">
      <AlarmBadge />
      <AlarmsPage />
    </LocalAlarmWatch>,
    reader as never,
    { config: testConfig },
  );
}

afterEach(() => window.localStorage.clear());

describe('alarms the console raises itself, against a cloud without the alarms extension', () => {
  it('says it only watches while open, counts the alarm in the badge and keeps an acknowledgement in this browser', async () => {
    // The group is read once for its members; Van 09 names no rule and is not read at all.
    const calls = cloudWithoutAlarms([chilled, reefer, van], chilled, [reefer], () => [
      temp(2, 12),
      temp(10, 11),
      temp(20, 5),
    ]);
    renderWatch();
    const notice = await screen.findByRole('note', {}, { timeout: 10_000 });
    expect(notice).toHaveTextContent('This console watches only while it is open');
    expect(notice).toHaveTextContent('kept only in this browser');
    expect(await within(notice).findByText(/Watching 1 node since/)).toBeVisible();
    expect(await screen.findByRole('link', { name: '1 alarm waiting' })).toBeVisible();
    const row = (await screen.findByText('Reefer 02')).closest<HTMLElement>('[role="row"]');
    if (!row) throw new Error('no row for Reefer 02');
    expect(row).toHaveTextContent('11 °C, above 8 °C (peak 12 °C)');
    await userEvent.click(within(row).getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Acknowledge the alarm of Reefer 02',
    });
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Doors shut');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Acknowledged by fleet: Doors shut')).toBeVisible();
    // Acknowledged: no longer waiting; nothing was sent to the cloud, the browser keeps it.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '0 alarms waiting' })).toBeVisible(),
    );
    expect(calls.some((call) => call.init.method === 'POST')).toBe(false);
    expect(calls.some((call) => call.url.pathname === '/v1/alarms')).toBe(false);
    expect(calls.some((call) => call.url.pathname.includes(van.uuid))).toBe(false);
    expect(JSON.stringify({ ...window.localStorage })).toContain('Doors shut');
  });

  it('raises a place alarm where a group asks alarmOnPlaces, and says places are watched too', async () => {
    const depot = { name: 'Depot Zwolle', lat: 52.5, lon: 6.1, radius: 250 };
    const deliveries = record(2, 'GROUP', 'Deliveries', { alarmOnPlaces: true, places: [depot] });
    const position = (minutesAgo: number, lat: number) =>
      slice({
        ts: Date.now() - minutesAgo * MIN,
        type: 'GPS',
        value: { lat, lon: 6.1 },
        nodeUuid: van.uuid,
        nodeName: van.name,
        sensorUuid: testUuid(7),
        sensorName: 'Van 09/gps',
      });
    // On the road, then inside the depot's circle (about 110 m from its centre).
    cloudWithoutAlarms([deliveries, van], deliveries, [van], () => [
      position(3, 52.501),
      position(8, 52.5),
      position(30, 52.6),
    ]);
    renderWatch();
    const notice = await screen.findByRole('note', {}, { timeout: 10_000 });
    expect(notice).toHaveTextContent('nodes entering or leaving named places');
    expect(await within(notice).findByText(/Watching 1 node since/)).toBeVisible();
    expect(await screen.findByRole('link', { name: '1 alarm waiting' })).toBeVisible();
    const row = (await screen.findByText('Arrived at Depot Zwolle')).closest<HTMLElement>(
      '[role="row"]',
    );
    if (!row) throw new Error('no row for the place alarm');
    expect(row).toHaveTextContent('Van 09');
    expect(row).toHaveTextContent('Warning');
  });

  it('watches nothing where the cloud raises alarms itself', async () => {
    const calls = fakeCloud(async (url) => {
      if (url.pathname === '/v1/openapi.json')
        return json({ paths: { '/v1/alarms': { get: {} } } });
      if (url.pathname === '/v1/alarms') return json({ alarms: [] });
      return json([]);
    });
    renderPage(
      <LocalAlarmWatch username="fleet">
        <AlarmsPage />
      </LocalAlarmWatch>,
      reader as never,
      { config: testConfig },
    );
    expect(await screen.findByText('No alarms match.', {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByRole('note')).toBeNull();
    expect(calls.some((call) => call.url.pathname.endsWith('/history'))).toBe(false);
  });
});
