import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { groupsOfTwoTenants, tenantChoiceDocument } from '../../test/tenant-clouds.ts';
import { CreateGroupForm } from './create-group-form.tsx';

const creator = { 'demo:groups': ['READ', 'CREATE'] } as const;

describe('CreateGroupForm', () => {
  it.each([
    ['a bell (C0)', 'North\u0007ern'],
    ['DEL', 'North\u007fern'],
    ['NEL (C1), which the cloud refuses too', 'North\u0085ern'],
  ])('refuses a name with %s before asking the cloud', async (_what, name) => {
    const calls = fakeCloud(() => json({}));
    renderPage(<CreateGroupForm />, creator);
    // Pasted text keeps what a keyboard cannot type.
    fireEvent.change(screen.getByRole('textbox', { name: 'New group' }), {
      target: { value: name },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(screen.getByText('The name must not contain control characters.')).toBeVisible();
    expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(0);
  });

  it('creates a group whose name the cloud takes', async () => {
    const calls = fakeCloud(() =>
      json({
        uuid: '44444444-4444-4444-8444-444444444444',
        channelType: 'GROUP',
        name: 'North – Größe',
        active: true,
        pushInterval: 0,
      }),
    );
    renderPage(<CreateGroupForm />, creator, {
      routes: [
        {
          path: '/groups/:uuid',
          element: (
            <main>
              <h1>North – Größe</h1>
            </main>
          ),
        },
      ],
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'New group' }), ' North – Größe ');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    const post = calls.find((call) => call.init.method === 'POST');
    expect(post?.url.pathname).toBe(`/v1/groups/${encodeURIComponent('North – Größe')}`);
    // On the new group's page, the keyboard starts at its heading, not at the page's body.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'North – Größe' })).toHaveFocus(),
    );
  });

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

  it('asks which tenant the group goes into where several allow it, and sends the one chosen', async () => {
    const calls = fakeCloud((url) =>
      url.pathname === '/v1/openapi.json'
        ? json(tenantChoiceDocument)
        : json({ ...groupsOfTwoTenants[1], name: 'Acme trucks' }),
    );
    renderPage(
      <CreateGroupForm />,
      { ...creator, 'acme:groups': ['READ', 'CREATE'] },
      {
        routes: [{ path: '/groups/:uuid', element: null }],
      },
    );
    const tenant = await screen.findByRole('combobox', { name: /Tenant/ });
    await userEvent.type(screen.getByRole('textbox', { name: 'New group' }), 'Acme trucks');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(screen.getByText('Choose the tenant the group belongs to.')).toBeVisible();
    expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(0);
    await userEvent.selectOptions(tenant, 'acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    const post = calls.find((call) => call.init.method === 'POST');
    expect(post?.url.searchParams.get('tenant')).toBe('acme');
  });

  it('asks nothing of a person who may create in one tenant only', async () => {
    fakeCloud((url) =>
      url.pathname === '/v1/openapi.json' ? json(tenantChoiceDocument) : json({}),
    );
    renderPage(<CreateGroupForm />, { ...creator, 'acme:groups': ['READ'] });
    expect(await screen.findByRole('textbox', { name: 'New group' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: /Tenant/ })).toBeNull();
  });
});
