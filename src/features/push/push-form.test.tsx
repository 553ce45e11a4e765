import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { PushForm } from './push-form.tsx';

const channel: ChannelRecord = {
  uuid: '33333333-3333-4333-8333-333333333333',
  channelType: 'SENSOR',
  name: 'Van 07/temp',
  active: true,
  pushInterval: 0,
};

describe('PushForm', () => {
  it('validates the address and secret before sending', async () => {
    const calls = fakeCloud(() => json({ status: 'OK' }));
    renderPage(<PushForm channel={channel} onDone={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Address/ }), 'ftp://example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save push' }));
    expect(screen.getByText('The address must start with https:// or http://.')).toBeVisible();
    expect(screen.getByText(/At least 8 characters/)).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('generates a whsec_ secret, shows it once to copy, and sends it', async () => {
    const calls = fakeCloud(() => json({ status: 'OK' }));
    renderPage(<PushForm channel={channel} onDone={() => undefined} />);
    await userEvent.type(
      screen.getByRole('textbox', { name: /Address/ }),
      'https://example.com/hook',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByText('Copy this secret now')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save push' }));
    const sent = calls.find((call) => call.init.method === 'PUT');
    expect(sent?.url.searchParams.get('to')).toBe('https://example.com/hook');
    expect(sent?.url.searchParams.get('interval')).toBe('0');
    expect(sent?.url.searchParams.get('secret')).toMatch(/^whsec_/);
  });

  it('never keeps the secret in the draft', async () => {
    fakeCloud(() => json({ status: 'OK' }));
    renderPage(<PushForm channel={channel} onDone={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/^Secret/), 'my-own-secret');
    await userEvent.type(screen.getByRole('textbox', { name: /Address/ }), 'https://a.example');
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('my-own-secret');
    expect(JSON.stringify({ ...window.sessionStorage })).toContain('https://a.example');
  });
});
