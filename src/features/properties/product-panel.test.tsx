import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord, Properties } from '../../../contract/channel.ts';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { PropertiesPanel } from './properties-panel.tsx';
import { ProductPanel } from './product-panel.tsx';

const REEFER = '11111111-1111-4111-8111-111111111111';
const COLD = '22222222-2222-4222-8222-222222222222';
const editor = { 'demo:assets': ['READ', 'UPDATE'], 'demo:groups': ['READ'] } as const;

/**
 * A cloud that keeps one reefer's properties and honours If-Match as ours does (record 0171);
 * `meanwhile` is someone else's save, made between reading and saving.
 */
function cloudOf(properties: Properties) {
  const state = { properties, version: 1 };
  const record = (): ChannelRecord => ({
    uuid: REEFER,
    channelType: 'NODE',
    name: 'Reefer 07',
    tenant: 'demo',
    active: true,
    pushInterval: 0,
    properties: state.properties,
  });
  const group: ChannelRecord = {
    uuid: COLD,
    channelType: 'GROUP',
    name: 'Cold chain',
    tenant: 'demo',
    active: true,
    properties: { temperature: { min: -25, max: -20, delayMinutes: 15 } },
  };
  const calls = fakeCloud((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/v1/channels') return json([group]);
    if (url.pathname === `/v1/groups/${COLD}`) return json([record()]);
    if (url.pathname === `/v1/channels/${REEFER}` && method === 'GET') {
      const answer = json(record());
      answer.headers.set('etag', `"v${state.version}"`);
      return answer;
    }
    if (url.pathname === `/v1/channels/${REEFER}/properties` && method === 'PUT') {
      const ifMatch = new Headers(init.headers).get('If-Match');
      if (ifMatch !== null && ifMatch !== `"v${state.version}"`) {
        return json({ status: 'PRECONDITION_FAILED', message: 'changed since' }, 412);
      }
      state.properties = JSON.parse(url.searchParams.get('properties') ?? '{}') as Properties;
      state.version++;
      return json({ status: 'OK' });
    }
    return json({ status: 'NOT_FOUND', message: 'no' }, 404);
  });
  const meanwhile = (next: Properties) => {
    state.properties = next;
    state.version++;
  };
  return { state, calls, record, meanwhile };
}

const summary = () => screen.getByRole('table', { name: 'What the product reads' });
const limitsPart = () => screen.getByRole('group', { name: 'Temperature limits' });

describe('ProductPanel', () => {
  it('shows the limit a reefer inherits from Cold chain in words, with its source', async () => {
    const cloud = cloudOf({ cargo: 'fish' });
    renderPage(<ProductPanel channel={cloud.record()} />, editor);
    await waitFor(() =>
      expect(summary()).toHaveTextContent('−25 °C to −20 °C, after 15 minfrom Cold chain'),
    );
    expect(summary()).not.toHaveTextContent('{');
  });

  it('sets a reefer’s limits in fields (no JSON), keeps its other keys, and goes back to the inherited value', async () => {
    const cloud = cloudOf({ cargo: 'Van 57 cargo', site: 'north' });
    const page = renderPage(<ProductPanel channel={cloud.record()} />, editor);
    await waitFor(() => expect(summary()).toHaveTextContent('from Cold chain'));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(
      await screen.findByText(/−25 °C to −20 °C, after 15 min · from Cold chain/),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Set temperature limits here' }));
    const max = within(limitsPart()).getByRole('textbox', { name: /Highest temperature/ });
    expect(max).toHaveValue('-20');
    // The cloud's own rule, under the field, before anything is sent.
    const min = within(limitsPart()).getByRole('textbox', { name: /Lowest temperature/ });
    await userEvent.clear(min);
    await userEvent.type(min, '-10');
    await userEvent.clear(max);
    await userEvent.type(max, '-18');
    await userEvent.clear(min);
    await userEvent.type(min, '-5');
    expect(
      await screen.findByText(
        /"temperature.min" \(-5\) must not be above "temperature.max" \(-18\)/,
      ),
    ).toBeVisible();
    await userEvent.clear(min);
    await userEvent.type(min, '-22');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(cloud.state.properties).toEqual({
        cargo: 'Van 57 cargo',
        site: 'north',
        temperature: { min: -22, max: -18, delayMinutes: 15 },
      }),
    );
    const put = cloud.calls.find((call) => call.init.method === 'PUT');
    expect(new Headers(put?.init.headers).get('If-Match')).toBe('"v1"');

    page.unmount();
    renderPage(<ProductPanel channel={cloud.record()} />, editor);
    await waitFor(() =>
      expect(summary()).toHaveTextContent('−22 °C to −18 °C, after 15 minset here'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Use the inherited temperature limits' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(cloud.state.properties).toEqual({ cargo: 'Van 57 cargo', site: 'north' }),
    );
  });

  it('on a 412 shows the other person’s change, keeps the typed values, and saves them over it', async () => {
    const cloud = cloudOf({ cargo: 'fish' });
    renderPage(<ProductPanel channel={cloud.record()} />, editor);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Set temperature limits here' }),
    );
    const max = within(limitsPart()).getByRole('textbox', { name: /Highest temperature/ });
    await userEvent.clear(max);
    await userEvent.type(max, '-21');
    // Someone else saves first.
    cloud.meanwhile({ cargo: 'ice cream', silentAfterMinutes: 30 });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed these properties meanwhile');
    expect(alert).toHaveTextContent('cargo: ice cream');
    expect(alert).toHaveTextContent('silentAfterMinutes: 30 min');
    expect(cloud.state.properties).toEqual({ cargo: 'ice cream', silentAfterMinutes: 30 });
    expect(max).toHaveValue('-21');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(cloud.state.properties).toEqual({
        cargo: 'ice cream',
        silentAfterMinutes: 30,
        temperature: { min: -25, max: -21, delayMinutes: 15 },
      }),
    );
  });
});

describe('ProductPanel drafts', () => {
  it('keeps what was typed across a sign-in round trip, and saves it with the tag it was read with', async () => {
    const cloud = cloudOf({ cargo: 'fish' });
    const first = renderPage(<ProductPanel channel={cloud.record()} />, editor);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Set silence here' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Silent after/ }), '45');
    first.unmount();
    renderPage(<ProductPanel channel={cloud.record()} />, editor);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Silent after/ })).toHaveValue('45'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(cloud.state.properties).toEqual({ cargo: 'fish', silentAfterMinutes: 45 }),
    );
  });
});

describe('Other properties', () => {
  it('saving the JSON part keeps the limits the form set', async () => {
    const cloud = cloudOf({ cargo: 'fish', temperature: { max: 8 } });
    renderPage(<PropertiesPanel channel={cloud.record()} />, editor);
    const table = screen.getByRole('table', { name: 'Properties' });
    expect(table).not.toHaveTextContent('temperature');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: /Properties/ });
    expect(input).toHaveValue('{\n  "cargo": "fish"\n}');
    await userEvent.clear(input);
    await userEvent.type(input, '{{"cargo": "ice"}');
    await userEvent.click(screen.getByRole('button', { name: 'Save properties' }));
    await waitFor(() =>
      expect(cloud.state.properties).toEqual({ temperature: { max: 8 }, cargo: 'ice' }),
    );
  });
});
