import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { MembersTable } from './members-table.tsx';

const member = (uuid: string, name: string): ChannelRecord => ({
  uuid,
  channelType: 'NODE',
  name,
  active: true,
  pushInterval: 0,
});

describe('MembersTable', () => {
  it('moves the focus to the section’s heading when the row whose button had it is removed', async () => {
    const calls = fakeCloud(() => json({ status: 'OK' }));
    renderPage(
      <section>
        <h2 id="members">Members (2)</h2>
        <MembersTable
          groupUuid="55555555-5555-4555-8555-555555555555"
          members={[
            member('66666666-6666-4666-8666-666666666666', 'Van 01'),
            member('77777777-7777-4777-8777-777777777777', 'Van 02'),
          ]}
          verdict={{ allowed: true, tenant: 'demo' }}
          headingId="members"
        />
      </section>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove Van 01 from the group' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Members (2)' })).toHaveFocus());
    expect(calls.map((call) => `${call.init.method} ${call.url.pathname}`)).toContain(
      'DELETE /v1/groups/55555555-5555-4555-8555-555555555555/66666666-6666-4666-8666-666666666666',
    );
  });
});
