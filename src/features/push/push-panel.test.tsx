import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { PushPanel } from './push-panel.tsx';

const channel: ChannelRecord = {
  uuid: '88888888-8888-4888-8888-888888888888',
  channelType: 'SENSOR',
  name: 'Van 07/temp',
  active: true,
  pushInterval: 0,
  tenant: 'demo',
};

describe('PushPanel', () => {
  it('shows how to verify deliveries to whoever may set push up, and not to every reader', () => {
    fakeCloud(() => json({ paths: {} }));
    const editor = renderPage(<PushPanel channel={channel} />, {
      'demo:assets': ['READ', 'UPDATE'],
    });
    expect(screen.getByText(/signed as the Standard Webhooks specification says/)).toBeVisible();
    editor.unmount();
    renderPage(<PushPanel channel={channel} />, { 'demo:assets': ['READ'] });
    expect(screen.getByText('Push is not configured: no events are sent anywhere.')).toBeVisible();
    expect(screen.queryByText(/npm install standardwebhooks/)).toBeNull();
    expect(screen.queryByText(/Standard Webhooks specification/)).toBeNull();
  });

  it('gives the focus back to the button that opened the form once push is saved', async () => {
    const calls = fakeCloud((url) =>
      json(url.pathname === '/v1/openapi.json' ? { paths: {} } : { status: 'OK' }),
    );
    renderPage(<PushPanel channel={channel} />, { 'demo:assets': ['READ', 'UPDATE'] });
    await userEvent.click(screen.getByRole('button', { name: 'Set up push' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: /Address/ }),
      'https://example.com/hook',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save push' }));
    await waitFor(() => expect(calls.some((call) => call.init.method === 'PUT')).toBe(true));
    // The form and its Save button are gone: the focus is not left on the page's body.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set up push' })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });
});
