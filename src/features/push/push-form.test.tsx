import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/i18n.ts';
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
    expect(screen.getByText('The secret must be at least 8 characters.')).toBeVisible();
    expect(calls.filter((call) => call.init.method !== 'GET')).toHaveLength(0);
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

  it('says the cloud’s refusal in the form’s words, and forgets it once the address changes', async () => {
    fakeCloud((url, init) =>
      init.method === 'PUT'
        ? json(
            {
              status: 'BAD_REQUEST',
              message:
                "query parameter 'to': 10.0.0.5 is a private address; push delivers only to public addresses.",
            },
            400,
          )
        : json({ paths: {} }),
    );
    renderPage(<PushForm channel={channel} onDone={() => undefined} />);
    const address = screen.getByRole('textbox', { name: /Address/ });
    expect(address).toHaveFocus();
    await userEvent.type(address, 'http://10.0.0.5/hook');
    await userEvent.type(screen.getByLabelText(/^Secret/), 'my-own-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save push' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Push was not saved');
    expect(alert).toHaveTextContent(
      'Address: 10.0.0.5 is a private address; push delivers only to public addresses.',
    );
    expect(screen.queryByText(/query parameter/)).not.toBeVisible();
    await userEvent.type(address, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what is wrong with an interval instead of changing what was typed', async () => {
    const calls = fakeCloud(() => json({ status: 'OK' }));
    renderPage(<PushForm channel={channel} onDone={() => undefined} />);
    await userEvent.type(
      screen.getByRole('textbox', { name: /Address/ }),
      'https://example.com/hook',
    );
    await userEvent.type(screen.getByLabelText(/^Secret/), 'my-own-secret');
    const interval = screen.getByRole('textbox', { name: /Interval/ });
    for (const [typed, said] of [
      ['-5', 'The interval must be a whole number of seconds, 0 or more.'],
      ['2.5', 'The interval must be a whole number of seconds, 0 or more.'],
      ['99999999999', 'The interval must be at most 86,400 seconds (one day).'],
    ] as const) {
      await userEvent.clear(interval);
      await userEvent.type(interval, typed);
      await userEvent.click(screen.getByRole('button', { name: 'Save push' }));
      expect(interval).toHaveValue(typed);
      expect(screen.getByText(said)).toBeVisible();
    }
    expect(calls.filter((call) => call.init.method === 'PUT')).toHaveLength(0);
  });

  it('says why changing a configured push needs a secret', () => {
    fakeCloud(() => json({ status: 'OK' }));
    renderPage(
      <PushForm
        channel={{ ...channel, pushURL: 'https://example.com/hook', pushInterval: 5 }}
        onDone={() => undefined}
      />,
    );
    expect(
      screen.getByText(/saves address, interval and secret together and never shows the current/),
    ).toBeVisible();
  });

  it('never keeps the secret in the draft', async () => {
    fakeCloud(() => json({ status: 'OK' }));
    renderPage(<PushForm channel={channel} onDone={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/^Secret/), 'my-own-secret');
    await userEvent.type(screen.getByRole('textbox', { name: /Address/ }), 'https://a.example');
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('my-own-secret');
    expect(JSON.stringify({ ...window.sessionStorage })).toContain('https://a.example');
  });

  it('offers no test inbox where the cloud has none', async () => {
    fakeCloud(() => json({ paths: { '/v1/channels': { get: {} } } }));
    renderPage(<PushForm channel={channel} onDone={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Save push' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try with a test inbox' })).toBeNull();
  });

  it('tries the secret being set with a test inbox: the inbox gets it in a body, the push its address', async () => {
    const address = 'http://cloud.test/v1/push-inboxes/i1/deliveries';
    const calls = fakeCloud((url, init) => {
      if (url.pathname === '/v1/openapi.json') {
        return json({
          paths: {
            '/v1/push-inboxes': { get: {}, post: {} },
            '/v1/push-inboxes/{inboxUuid}': { get: {}, delete: {} },
          },
        });
      }
      if (url.pathname === '/v1/push-inboxes' && init.method === 'POST') {
        return json({ uuid: '44444444-4444-4444-8444-444444444444', address, createdAt: 1 });
      }
      return json({ status: 'OK' });
    });
    renderPage(<PushForm channel={channel} onDone={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/^Secret/), 'try-this-secret');
    await userEvent.click(await screen.findByRole('button', { name: 'Try with a test inbox' }));
    expect(await screen.findByText('Trying with your test inbox')).toBeVisible();

    const created = calls.find((call) => call.init.method === 'POST');
    expect(created?.url.search).toBe('');
    expect(JSON.parse(String(created?.init.body))).toEqual({ secret: 'try-this-secret' });
    const pushed = calls.find((call) => call.init.method === 'PUT');
    expect(pushed?.url.searchParams.get('to')).toBe(address);
    expect(pushed?.url.searchParams.get('secret')).toBe('try-this-secret');
    // The form stays open with the secret, to save the same settings with a real address.
    expect(screen.getByLabelText(/^Secret/)).toHaveValue('try-this-secret');
  });

  it('speaks Dutch: its fields, its checks and the cloud’s parameters by the fields’ names', async () => {
    applyLanguage('nl', ['nl-NL']);
    fakeCloud((url, init) =>
      init.method === 'PUT'
        ? json(
            {
              status: 'BAD_REQUEST',
              message: "query parameter 'to': 10.0.0.5 is a private address.",
            },
            400,
          )
        : json({ paths: {} }),
    );
    renderPage(
      <PushForm
        channel={{ ...channel, pushURL: 'https://example.com/hook', pushInterval: 5 }}
        onDone={() => undefined}
      />,
    );
    expect(screen.getByText(/bewaart adres, interval en geheim samen/)).toBeVisible();
    const address = screen.getByRole('textbox', { name: /Adres/ });
    await userEvent.clear(address);
    await userEvent.click(screen.getByRole('button', { name: 'Push opslaan' }));
    expect(screen.getByText('Vul het adres in dat de gebeurtenissen ontvangt.')).toBeVisible();
    expect(screen.getByText('Het geheim moet minstens 8 tekens lang zijn.')).toBeVisible();
    await userEvent.type(address, 'http://10.0.0.5/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Genereren' }));
    expect(screen.getByText('Kopieer dit geheim nu')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Push opslaan' }));
    // The generated secret's notice is an alert too; the refusal is the one with its title.
    await screen.findByText('Push is niet opgeslagen');
    const refusal = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent.includes('Push is niet opgeslagen'));
    expect(refusal).toHaveTextContent('Adres: 10.0.0.5 is a private address.');
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeVisible();
  });
});
