import { screen } from '@testing-library/react';
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
});
