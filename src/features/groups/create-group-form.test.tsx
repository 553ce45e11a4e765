import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { CreateGroupForm } from './create-group-form.tsx';

const creator = { 'demo:groups': ['READ', 'CREATE'] } as const;

describe('CreateGroupForm', () => {
  it('says under the name that the tenant already has a group of that name, until it changes', async () => {
    const calls = fakeCloud(() =>
      json(
        {
          status: 'CONFLICT',
          message: 'A group named “Cold chain” already exists; choose another name.',
        },
        409,
      ),
    );
    renderPage(<CreateGroupForm />, creator);
    const name = screen.getByRole('textbox', { name: 'New group' });
    await userEvent.type(name, 'Cold chain');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText(/already exists; choose another name/)).toBeVisible();
    expect(name).toHaveAccessibleDescription(
      'A group named “Cold chain” already exists; choose another name.',
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(1);
    await userEvent.type(name, ' 2');
    expect(screen.queryByText(/already exists/)).toBeNull();
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
  });
});
