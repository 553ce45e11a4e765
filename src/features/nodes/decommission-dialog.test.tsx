import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { DecommissionDialog } from './decommission-dialog.tsx';

const node: ChannelRecord = {
  uuid: '22222222-2222-4222-8222-222222222222',
  channelType: 'NODE',
  name: 'Van 12',
  reference: 'TN-000012',
  active: true,
};

describe('DecommissionDialog', () => {
  it('decommissions only after the serial is typed', async () => {
    const calls = fakeCloud(() => json({ status: 'OK' }));
    renderPage(<DecommissionDialog node={node} opened onClose={() => undefined} />);
    const confirm = screen.getByRole('button', { name: 'Decommission' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Type the serial “TN-000012”/), 'TN-00001');
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Type the serial/), '2');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(calls.map((call) => `${call.init.method} ${call.url.pathname}`)).toContain(
      `DELETE /v1/nodes/${node.uuid}`,
    );
  });

  it('asks for the name when the cloud gives no serial', () => {
    fakeCloud(() => json({ status: 'OK' }));
    const { reference: _omitted, ...withoutSerial } = node;
    renderPage(<DecommissionDialog node={withoutSerial} opened onClose={() => undefined} />);
    expect(screen.getByLabelText('Type the name “Van 12” to confirm')).toBeVisible();
  });

  it('shows the cloud’s refusal and stays open', async () => {
    fakeCloud(() =>
      json(
        {
          status: 'FORBIDDEN',
          message: 'Refused: decommissioning a node needs DELETE on assets in tenant demo.',
        },
        403,
      ),
    );
    renderPage(<DecommissionDialog node={node} opened onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/Type the serial/), 'TN-000012');
    await userEvent.click(screen.getByRole('button', { name: 'Decommission' }));
    expect(await screen.findByText(/needs DELETE on assets in tenant demo/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Decommission' })).toBeVisible();
  });
});
