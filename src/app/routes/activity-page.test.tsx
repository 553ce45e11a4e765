import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../contract/audit.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { activityCsv } from '../../features/activity/activity-csv.ts';
import { Component } from './activity-page.tsx';

const support = { 'demo:users': ['READ'], 'demo:audit': ['READ'] } as const;
const REEFER = '5a1c2d3e-0000-4000-8000-000000000002';

const entry = (id: number, patch: Partial<AuditEntry>): AuditEntry => ({
  id: String(id),
  at: Date.UTC(2026, 10, 25, 8, id),
  tenant: 'demo',
  actor: 'admin',
  origin: 'console',
  kind: 'properties.set',
  channel: { uuid: REEFER, name: 'Reefer 02' },
  result: 'OK',
  ...patch,
});
const newest = entry(9, {
  before: { temperature: { min: 0, max: 8 } },
  after: { temperature: { min: 0, max: 6 }, silentAfterMinutes: 30 },
});
const older = entry(3, {
  kind: 'push.set',
  origin: 'script',
  before: null,
  after: { to: 'https://example.com/hook', interval: 60, secret: 'changed' },
});

describe('the Activity page', () => {
  it('shows each change as a readable difference, filters by person and kind, and pages back', async () => {
    const calls = fakeCloud((url) => {
      if (url.pathname === '/v1/openapi.json') {
        return json({ paths: { '/v1/audit': { get: {} }, '/v1/users': { get: {} } } });
      }
      if (url.pathname === '/v1/audit') {
        return url.searchParams.get('cursor') === '9'
          ? json({ entries: [older] })
          : json({ entries: [newest], next: '9' });
      }
      return json({ status: 'NOT_FOUND', message: 'no' }, 404);
    });
    renderPage(<Component />, support, { path: '/activity', url: '/activity' });
    const table = await screen.findByRole('table', { name: 'Changes' }, { timeout: 15_000 });
    expect(within(table).getByText('admin set the properties of Reefer 02')).toBeVisible();
    expect(within(table).getByLabelText('What changed')).toHaveTextContent(
      'silentAfterMinutes: (none) → 30temperature.max: 8 → 6',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(
      await within(table).findByText('admin set up push of Reefer 02', {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(within(table).getByText('script')).toBeVisible();

    await userEvent.type(screen.getByRole('textbox', { name: 'Person (user name)' }), 'admin');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Kind of change' }),
      'Node decommissioned',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => {
      const asked = calls.at(-1)?.url.searchParams;
      expect(asked?.get('actor')).toBe('admin');
      expect(asked?.get('kind')).toBe('node.decommissioned');
    });
  });

  it('links each channel a membership change names: the member and the group (issue 34)', async () => {
    const GROUP = '5a1c2d3e-0000-4000-8000-0000000000cc';
    const removed = entry(5, {
      kind: 'group.member-removed',
      channel: { uuid: GROUP, name: 'Cold chain' },
      member: { uuid: REEFER, name: 'Reefer 07' },
    });
    fakeCloud((url) => {
      if (url.pathname === '/v1/openapi.json') {
        return json({ paths: { '/v1/audit': { get: {} } } });
      }
      if (url.pathname === '/v1/audit') return json({ entries: [removed] });
      return json({ status: 'NOT_FOUND', message: 'no' }, 404);
    });
    renderPage(<Component />, support, { path: '/activity', url: '/activity' });
    const table = await screen.findByRole('table', { name: 'Changes' }, { timeout: 15_000 });
    const row = within(table)
      .getByText(/removed Reefer 07 from Cold chain/)
      .closest<HTMLElement>('[role="row"]');
    if (!row) throw new Error('no row');
    expect(within(row).getByRole('link', { name: 'Open Reefer 07' })).toHaveAttribute(
      'href',
      `/channels/${REEFER}`,
    );
    expect(within(row).getByRole('link', { name: 'Open Cold chain' })).toHaveAttribute(
      'href',
      `/channels/${GROUP}`,
    );
  });

  it('refuses a time range that ends before it starts, asking nothing', async () => {
    const calls = fakeCloud((url) =>
      url.pathname === '/v1/openapi.json'
        ? json({ paths: { '/v1/audit': { get: {} } } })
        : json({ entries: [] }),
    );
    renderPage(<Component />, support, { path: '/activity', url: '/activity' });
    expect(await screen.findByText('No change matches.', {}, { timeout: 15_000 })).toBeVisible();
    const asked = calls.length;
    await userEvent.type(screen.getByLabelText('From'), '2026-11-25T10:00');
    await userEvent.type(screen.getByLabelText('Until'), '2026-11-25T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('“From” is after “Until”.')).toBeVisible();
    expect(calls.length).toBe(asked);
  });

  it('takes From and Until in the console’s one date format, not the browser’s own field', async () => {
    const calls = fakeCloud((url) =>
      url.pathname === '/v1/openapi.json'
        ? json({ paths: { '/v1/audit': { get: {} } } })
        : json({ entries: [] }),
    );
    renderPage(<Component />, support, { path: '/activity', url: '/activity' });
    expect(await screen.findByText('No change matches.', {}, { timeout: 15_000 })).toBeVisible();
    const from = screen.getByRole('textbox', { name: 'From' });
    expect(from).not.toHaveAttribute('type', 'datetime-local');
    const asked = calls.length;
    await userEvent.type(from, 'yesterday');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText(
        /^Enter a date and time such as .*\d{4}.*, or leave the field empty\.$/,
      ),
    ).toBeVisible();
    expect(calls.length).toBe(asked);

    await userEvent.clear(from);
    await userEvent.type(from, '25 Nov 2026, 10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => {
      const sent = calls.at(-1)?.url.searchParams.get('from');
      expect(sent).toBe(String(new Date(2026, 10, 25, 10, 0).getTime()));
    });
  });

  it('exports the CSV with times in the zone named in its header', async () => {
    const text = await activityCsv([newest, older], 'Europe/Amsterdam').text();
    const [header, first] = text.split('\r\n');
    expect(header).toBe(
      'time (Europe/Amsterdam),actor,origin,kind,tenant,channelName,channelUuid,memberName,subject,change,result',
    );
    expect(first).toBe(
      `2026-11-25T09:09:00.000+01:00,admin,console,properties.set,demo,Reefer 02,${REEFER},,,silentAfterMinutes: ∅ → 30; temperature.max: 8 → 6,OK`,
    );
  });
});
