import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCloud, json, renderPage } from '../../test/render.tsx';
import { groupsOfTwoTenants, tenantChoiceDocument } from '../../test/tenant-clouds.ts';
import { CommissionForm } from './commission-form.tsx';

const commissioner = { 'demo:assets': ['READ', 'COMMISSION'], 'demo:groups': ['READ'] } as const;

describe('CommissionForm', () => {
  it('refuses a name with a control character and a serial the cloud would refuse', async () => {
    const calls = fakeCloud(() => json([]));
    renderPage(<CommissionForm />, commissioner);
    await userEvent.type(screen.getByRole('textbox', { name: 'Serial' }), 'VAN 12');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Van\u008512' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Commission node' }));
    expect(screen.getByText('The name must not contain control characters.')).toBeVisible();
    expect(
      screen.getByText(
        'The serial must be 1-64 letters, digits, dots, dashes, underscores or colons, starting with a letter or digit.',
      ),
    ).toBeVisible();
    expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(0);
  });

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

  it('offers only groups of the tenant the node goes into, and asks which tenant where several allow it', async () => {
    const calls = fakeCloud((url, init) => {
      if (url.pathname === '/v1/openapi.json') return json(tenantChoiceDocument);
      if (init.method === 'POST') return json([]);
      return json(groupsOfTwoTenants);
    });
    const admin = { ...commissioner, 'acme:groups': ['READ'] } as const;
    const first = renderPage(<CommissionForm />, admin);
    await userEvent.click(screen.getByRole('combobox', { name: 'Group (optional)' }));
    const offered = await screen.findAllByRole('option', { name: 'Acme trucks' });
    expect(offered).toHaveLength(1);
    expect(screen.queryByRole('combobox', { name: /Tenant/ })).toBeNull();
    first.unmount();

    renderPage(<CommissionForm />, {
      ...admin,
      'acme:assets': ['READ', 'COMMISSION'],
    });
    const tenant = await screen.findByRole('combobox', { name: /Tenant/ });
    await userEvent.type(screen.getByRole('textbox', { name: 'Serial' }), 'TN-9');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Truck 9');
    await userEvent.click(screen.getByRole('button', { name: 'Commission node' }));
    expect(screen.getByText('Choose the tenant the node belongs to.')).toBeVisible();
    await userEvent.selectOptions(tenant, 'acme');
    await userEvent.click(screen.getByRole('button', { name: 'Commission node' }));
    const post = calls.find((call) => call.init.method === 'POST');
    expect(post?.url.searchParams.get('tenant')).toBe('acme');
  });

  describe('while the caller’s profile is on its way', () => {
    /** A cloud whose /v1/userinfo answers only when the test says, with `permissions`. */
    function slowProfile() {
      let answer: (permissions: Record<string, string[]>) => void = () => undefined;
      const arrived = new Promise<Record<string, string[]>>((resolve) => {
        answer = resolve;
      });
      fakeCloud(async (url) => {
        if (url.pathname !== '/v1/userinfo') return json([]);
        const permissions = await arrived;
        return json({
          sub: 'u1',
          username: 'fleet',
          name: 'Fleet',
          email: 'f@example.com',
          permissions,
        });
      });
      return answer;
    }
    const refusal = /your role does not allow/i;

    it('says nothing of the role, and says the refusal once the profile does', async () => {
      const answer = slowProfile();
      renderPage(<CommissionForm />, {}, { profile: 'from-cloud' });
      const button = screen.getByRole('button', { name: 'Commission node' });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('data-loading');
      expect(screen.queryByText(refusal)).toBeNull();

      answer({ 'demo:assets': ['READ'], 'demo:groups': ['READ'] });
      expect(
        await screen.findByText(
          'You may not do this: your role does not allow commissioning nodes in tenant demo.',
          {},
          // Bounded, generously: a busy machine answers the profile late.
          { timeout: 10_000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Commission node' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    });

    it('offers commissioning without a word of refusal once the profile allows it', async () => {
      const answer = slowProfile();
      renderPage(<CommissionForm />, {}, { profile: 'from-cloud' });
      expect(screen.getByRole('button', { name: 'Commission node' })).toHaveAttribute(
        'data-loading',
      );
      answer({ 'demo:assets': ['READ', 'COMMISSION'], 'demo:groups': ['READ'] });
      await waitFor(
        () => expect(screen.getByRole('button', { name: 'Commission node' })).toBeEnabled(),
        { timeout: 10_000 },
      );
      expect(screen.getByRole('textbox', { name: 'Serial' })).toBeEnabled();
      expect(screen.queryByText(refusal)).toBeNull();
    });
  });
});
