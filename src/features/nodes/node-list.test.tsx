import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { NodeList } from './node-list.tsx';

const van: ChannelRecord = {
  uuid: '44444444-4444-4444-8444-444444444444',
  channelType: 'NODE',
  name: 'Van 12',
  reference: 'TN-000012',
  active: true,
  tenant: 'demo',
};

describe('NodeList', () => {
  it('gives the focus back to the row’s Decommission button when the dialog is left with Escape', async () => {
    fakeCloud((url) => (url.pathname === '/v1/channels' ? json([van]) : json({ paths: {} })));
    renderPage(<NodeList headingId="nodes-title" />, { 'demo:assets': ['READ', 'DELETE'] });
    const button = await screen.findByRole('button', { name: 'Decommission Van 12' });
    await userEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Decommission Van 12?' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Decommission Van 12' })).toHaveFocus(),
    );
  });
});
