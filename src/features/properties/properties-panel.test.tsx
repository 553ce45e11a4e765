import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { PropertiesPanel } from './properties-panel.tsx';

const channel: ChannelRecord = {
  uuid: '11111111-1111-4111-8111-111111111111',
  channelType: 'NODE',
  name: 'Van 07',
  reference: 'TN-7',
  active: true,
  pushInterval: 0,
  properties: { site: 'north' },
};
const editor = { 'demo:assets': ['READ', 'UPDATE'] } as const;

describe('PropertiesPanel', () => {
  it('shows the properties as a key/value table', () => {
    fakeCloud(() => json({}));
    renderPage(<PropertiesPanel channel={channel} />, editor);
    const table = screen.getByRole('table', { name: 'Properties' });
    expect(table).toHaveTextContent('site');
    expect(table).toHaveTextContent('north');
  });

  it('disables editing with the reason when UPDATE is missing', () => {
    fakeCloud(() => json({}));
    renderPage(<PropertiesPanel channel={channel} />, { 'demo:assets': ['READ'] });
    const edit = screen.getByRole('button', { name: /Edit/ });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    expect(edit).toHaveAccessibleDescription(
      'You may not do this: your role does not allow editing nodes and sensors in tenant demo.',
    );
  });

  it('refuses an array before sending anything', async () => {
    const calls = fakeCloud(() => json({ status: 'OK' }));
    renderPage(<PropertiesPanel channel={channel} />, editor);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: /Properties/ });
    await userEvent.clear(input);
    await userEvent.type(input, '[[1]');
    await userEvent.click(screen.getByRole('button', { name: 'Save properties' }));
    expect(await screen.findByText(/must be a JSON object/)).toBeVisible();
    expect(calls.filter((call) => call.init.method === 'PUT')).toHaveLength(0);
  });

  it('says what is wrong with invalid JSON and where, under the field, and sends nothing', async () => {
    const calls = fakeCloud(() => json({ status: 'OK' }));
    renderPage(<PropertiesPanel channel={channel} />, editor);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: /Properties/ });
    await userEvent.clear(input);
    await userEvent.type(input, '{{\n  "site": "north"\n  "dock": 3\n}');
    await userEvent.tab();
    const message = "Not valid JSON: expected ',' or '}' after property value (line 3, column 3).";
    expect(await screen.findByText(message)).toBeVisible();
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    await userEvent.click(screen.getByRole('button', { name: 'Save properties' }));
    expect(calls.filter((call) => call.init.method === 'PUT')).toHaveLength(0);
  });

  it('puts the keyboard in the editor when it opens', async () => {
    fakeCloud(() => json({ status: 'OK' }));
    renderPage(<PropertiesPanel channel={channel} />, editor);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: /Properties/ })).toHaveFocus();
  });

  it('gives the focus back to Edit once the properties are saved, and says impossible limits', async () => {
    const calls = fakeCloud(() => json({ status: 'OK' }));
    renderPage(<PropertiesPanel channel={channel} />, editor);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: /Properties/ });
    await userEvent.clear(input);
    await userEvent.type(input, '{{"temperature": {{"min": 10, "max": 2}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save properties' }));
    expect(
      await screen.findByText(/"temperature.min" \(10\) must not be above "temperature.max" \(2\)/),
    ).toBeVisible();
    expect(calls.filter((call) => call.init.method === 'PUT')).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, '{{"temperature": {{"min": 2, "max": 8}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save properties' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());
  });

  it('keeps the edit and shows the cloud’s words when the save is refused', async () => {
    const calls = fakeCloud(() =>
      json(
        {
          status: 'FORBIDDEN',
          message: 'Refused: setting properties needs UPDATE on assets in tenant acme.',
        },
        403,
      ),
    );
    renderPage(<PropertiesPanel channel={channel} />, editor);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: /Properties/ });
    await userEvent.clear(input);
    await userEvent.type(input, '{{"site": "south"}');
    await userEvent.click(screen.getByRole('button', { name: 'Save properties' }));
    expect(await screen.findByText(/needs UPDATE on assets in tenant acme/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Properties/ })).toHaveValue('{"site": "south"}');
    const sent = calls.find((call) => call.init.method === 'PUT');
    expect(sent?.url.searchParams.get('properties')).toBe('{"site":"south"}');
    expect(new Headers(sent?.init.headers).get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('keeps what was typed across a sign-in round trip', async () => {
    fakeCloud(() => json({}));
    const first = renderPage(<PropertiesPanel channel={channel} />, editor);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: /Properties/ });
    await userEvent.clear(input);
    await userEvent.type(input, '{{"draft": true}');
    first.unmount();
    renderPage(<PropertiesPanel channel={channel} />, editor);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Properties/ })).toHaveValue('{"draft": true}'),
    );
  });
});
