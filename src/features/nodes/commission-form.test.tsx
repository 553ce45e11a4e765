import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { CommissionForm } from './commission-form.tsx';

const commissioner = { 'demo:assets': ['READ', 'COMMISSION'], 'demo:groups': ['READ'] } as const;

describe('CommissionForm', () => {
  it('clears what the cloud said about the last attempt once the person edits the form', async () => {
    fakeCloud((url, init) =>
      init.method === 'POST'
        ? json({ status: 'CONFLICT', message: 'TN-1 is commissioned already.' }, 409)
        : json([]),
    );
    renderPage(<CommissionForm />, commissioner);
    const serial = screen.getByRole('textbox', { name: /Serial/ });
    await userEvent.type(serial, 'TN-1');
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Van 1');
    await userEvent.click(screen.getByRole('button', { name: 'Commission node' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('TN-1 is commissioned already.');
    await userEvent.type(serial, '2');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
