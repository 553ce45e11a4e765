import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { applyLanguage } from '../../i18n/i18n.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { Component as GroupPage } from './group-page.tsx';

const GROUP = '55555555-5555-4555-8555-555555555555';
const channel = (uuid: string, name: string, channelType: 'NODE' | 'GROUP'): ChannelRecord => ({
  uuid,
  channelType,
  name,
  active: true,
  pushInterval: 0,
  tenant: 'demo',
});
const members = [
  channel('66666666-6666-4666-8666-666666666666', 'Bus 01', 'NODE'),
  channel('77777777-7777-4777-8777-777777777777', 'Bus 02', 'NODE'),
];

describe('a group’s page in Dutch', () => {
  it('says everything in Dutch: its members, adding, and removing them all', async () => {
    applyLanguage('nl', ['nl-NL']);
    fakeCloud((url) => {
      if (url.pathname === `/v1/groups/${GROUP}`) return json(members);
      if (url.pathname === `/v1/channels/${GROUP}`)
        return json(channel(GROUP, 'Depot Noord', 'GROUP'));
      return json([]);
    });
    renderPage(
      <GroupPage />,
      { 'demo:groups': ['READ', 'UPDATE', 'DELETE'] },
      { path: '/groups/:groupUuid', url: `/groups/${GROUP}` },
    );
    expect(
      await screen.findByRole('heading', { name: 'Leden (2)' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Alle groepen' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Dagoverzicht' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Bus 01 uit de groep verwijderen' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Lid toevoegen' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Alles verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Alle 2 leden verwijderen?')).toBeVisible();
    expect(dialog).toHaveTextContent(
      'Alle nodes en sensoren verlaten Depot Noord. Hun gegevens blijven tot nu toe in de geschiedenis van de groep staan.',
    );
    expect(within(dialog).getByRole('button', { name: 'Annuleren' })).toBeVisible();
  });
});
