import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { PhoneFleet } from './phone-fleet.tsx';
import { cardShown, nextCover } from './phone-sheets.ts';

describe('what covers the map on a phone', () => {
  it('is one thing at a time, and closing it leaves the map', () => {
    expect(nextCover('map', { type: 'list', open: true })).toBe('list');
    expect(nextCover('list', { type: 'options', open: true })).toBe('options');
    expect(nextCover('options', { type: 'options', open: false })).toBe('map');
    expect(nextCover('options', { type: 'list', open: true })).toBe('list');
    expect(nextCover('list', { type: 'list', open: false })).toBe('map');
  });

  it('closing what is not open changes nothing; a node shown from the list closes the list', () => {
    expect(nextCover('options', { type: 'list', open: false })).toBe('options');
    expect(nextCover('list', { type: 'options', open: false })).toBe('list');
    expect(nextCover('list', { type: 'node-shown' })).toBe('map');
  });

  it('shows a chosen node’s card only over the map, never under the list or the options', () => {
    expect(cardShown('map', true)).toBe(true);
    expect(cardShown('map', false)).toBe(false);
    expect(cardShown('list', true)).toBe(false);
    expect(cardShown('options', true)).toBe(false);
  });
});

function Phone() {
  const [cover, onCover] = useReducer(nextCover, 'map');
  return (
    <MantineProvider env="test">
      <PhoneFleet
        map={<p>The map</p>}
        list={<p>The list</p>}
        card={<p>Card of Van 01</p>}
        options={
          <label>
            Silent after{' '}
            <select>
              <option>15 minutes</option>
            </select>
          </label>
        }
        nodeCount={3}
        cover={cover}
        onCover={onCover}
      />
    </MantineProvider>
  );
}

describe('the Fleet page on a phone', () => {
  beforeAll(() => {
    HTMLElement.prototype.setPointerCapture ??= () => undefined;
  });

  it('keeps the options in a drawer opened from a button over the map', async () => {
    const user = userEvent.setup();
    render(<Phone />);
    expect(screen.getByText('The map')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Silent after' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Map options' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Map options' });
    expect(drawer).toContainElement(screen.getByRole('combobox', { name: 'Silent after' }));
    await user.click(screen.getByRole('button', { name: 'Close the map options' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Card of Van 01')).toBeVisible();
  });

  it('hides the card while the list is open, and opening the options closes the list', async () => {
    const user = userEvent.setup();
    render(<Phone />);
    const handle = screen.getByRole('button', { name: 'Show the list (3 nodes)' });
    await user.click(handle);
    expect(handle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('The list')).toBeVisible();
    expect(screen.queryByText('Card of Van 01')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Map options' }));
    await screen.findByRole('dialog', { name: 'Map options' });
    expect(handle).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Card of Van 01')).toBeVisible();
  });
});
