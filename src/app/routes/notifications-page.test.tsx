import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type {
  NotificationDelivery,
  NotificationSettings,
} from '../../../contract/notifications.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component } from './notifications-page.tsx';

const saved: NotificationSettings = {
  means: [],
  groups: [],
  nodes: [],
  kinds: [],
  severities: [],
  language: 'en',
};
const failed: NotificationDelivery = {
  at: Date.UTC(2026, 11, 7, 3, 0),
  means: 'email',
  to: 'tess@example.com',
  subject: '[Critical] Temperature alarm: Reefer 02 on Van North',
  alarmIds: [],
  attempt: 2,
  ok: false,
  error: 'connect ECONNREFUSED',
  final: false,
};

describe('the Notifications page', () => {
  it('saves the chosen means, address and severities, refuses an address that is not one, lists the log and sends a test', async () => {
    const puts: unknown[] = [];
    let tests = 0;
    fakeCloud(async (url, init) => {
      if (url.pathname === '/v1/openapi.json') {
        return json({ paths: { '/v1/userinfo/notifications': { get: {}, put: {} } } });
      }
      if (url.pathname === '/v1/userinfo/notifications' && init.method === 'PUT') {
        const body: unknown = JSON.parse(String(init.body));
        puts.push(body);
        return json(body);
      }
      if (url.pathname === '/v1/userinfo/notifications') return json(saved);
      if (url.pathname === '/v1/userinfo/notifications/deliveries') {
        return json({ deliveries: [failed] });
      }
      if (url.pathname === '/v1/userinfo/notifications/test') {
        tests += 1;
        return json({ queued: ['email'] });
      }
      if (url.pathname === '/v1/channels') return json([]);
      return json({ status: 'NOT_FOUND', message: 'no' }, 404);
    });
    renderPage(<Component />, {}, { path: '/notifications', url: '/notifications' });
    const email = await screen.findByRole('checkbox', { name: 'By e-mail' }, { timeout: 15_000 });
    await userEvent.click(email);
    const address = screen.getByRole('textbox', { name: 'E-mail address' });
    await userEvent.type(address, 'not an address');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Critical' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is not an e-mail address.')).toBeVisible();
    expect(puts).toEqual([]);

    await userEvent.clear(address);
    await userEvent.type(address, 'tess@work.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // (The confirmation is a toast of the shell's, not rendered here.)
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts).toEqual([
      { ...saved, means: ['email'], email: 'tess@work.example', severities: ['critical'] },
    ]);

    const log = screen.getByRole('region', { name: 'Delivery log' });
    expect(
      within(log).getByText('Failed (attempt 2), tried again: connect ECONNREFUSED'),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Send a test' }));
    await vi.waitFor(() => expect(tests).toBe(1));
  });
});
