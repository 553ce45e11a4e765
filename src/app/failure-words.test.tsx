import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { reportReachable, reportWaiting } from '../api/network-status.ts';
import { createQueryClient } from '../api/query-client.ts';
import { userinfoKeys, userinfoQuery } from '../api/userinfo.ts';
import { AuthContext } from '../auth/auth-context.ts';
import { BasicAuthenticator } from '../auth/basic.ts';
import { saveProviderProfile } from '../auth/provider-profile.ts';
import { ApiErrorAlert } from '../components/api-error-alert.tsx';
import { fakeCloud, json, renderPage } from '../test/render.tsx';
import { Component as FleetPage } from './routes/fleet-page.tsx';
import { Component as PermissionsPage } from './routes/permissions-page.tsx';
import { CloudStatus } from './shell/cloud-status.tsx';
import { UserPanel } from './shell/user-panel.tsx';

// Issue 21, item 7: each failure in the words of what it is. The sign-in service's own failures
// are in routes/sign-in-page.test.tsx.

const WAITING =
  'The cloud cannot verify tokens yet: the identity provider https://sso.example/ has not ' +
  'answered (its discovery document cannot be fetched). It is asked again every few seconds; ' +
  'try again shortly.';
const waiting = () => json({ status: 'SERVICE_UNAVAILABLE', message: WAITING }, 503);

afterEach(() => {
  reportWaiting(null);
  reportReachable(true);
  window.localStorage.clear();
});

describe('the cloud waiting for the identity provider (503 with its reason)', () => {
  it('is not "unreachable": the header says the cloud is not ready, and why', async () => {
    fakeCloud((url) => (url.pathname === '/v1/admin/ping' ? json({ status: 'OK' }) : waiting()));
    const client = createQueryClient();
    renderPage(<CloudStatus />, {}, { client });
    await client
      .fetchQuery({ ...userinfoQuery(), staleTime: 0, retry: false })
      .catch(() => undefined);
    const badge = await screen.findByRole('status');
    await waitFor(() => expect(badge).toHaveTextContent('Cloud not ready'));
    expect(badge).toHaveAttribute('title', WAITING);
    expect(screen.queryByText('Cloud unreachable')).toBeNull();
  });

  it('is said in the cloud’s words where a page failed, not as an outage', () => {
    renderPage(<ApiErrorAlert error={new ApiError(503, 'SERVICE_UNAVAILABLE', WAITING)} change />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The cloud is having trouble');
    expect(alert).toHaveTextContent(WAITING);
    expect(alert).not.toHaveTextContent('cannot be reached');
  });

  it('a 503 from a proxy in front of the cloud is still an outage', () => {
    renderPage(
      <ApiErrorAlert error={new ApiError(503, 'UNKNOWN', 'The cloud answered HTTP 503.')} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The cloud cannot be reached');
  });
});

describe('a profile that could not be read is not "no permission"', () => {
  it('the fleet page says the permissions could not be read, with the cloud’s reason', async () => {
    fakeCloud(() => waiting());
    const { client } = renderPage(<FleetPage />, {});
    await client.resetQueries({ queryKey: userinfoKeys.all });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your permissions could not be read');
    expect(alert).toHaveTextContent(WAITING);
    expect(screen.queryByText(/Your account has neither/)).toBeNull();
  });
});

describe('no permissions, because the roles map to nothing', () => {
  it('says which roles arrived in which claim, and what the operator must set', async () => {
    fakeCloud(() => json({}));
    const { client } = renderPage(<PermissionsPage />, {});
    client.setQueryData(userinfoKeys.all, {
      sub: 'dwho',
      username: 'dwho',
      name: 'Doctor Who',
      email: 'dwho@example.com',
      permissions: {},
      roles: { claim: 'roles', received: ['Fleet-Managers'], unmapped: ['Fleet-Managers'] },
    });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Your roles give you no permission here');
    expect(notice).toHaveTextContent(
      'Your sign-in service sent the roles “Fleet-Managers” (claim roles), and none of them is ' +
        'mapped to a permission set of the cloud.',
    );
    expect(notice).toHaveTextContent("AUTH_EXTERNAL_ROLE_MAP='Fleet-Managers=demo-fleet'");
  });

  it('says when no roles arrived at all', async () => {
    fakeCloud(() => json({}));
    const { client } = renderPage(<PermissionsPage />, {});
    client.setQueryData(userinfoKeys.all, {
      sub: 'g',
      username: 'g',
      name: 'G',
      email: '',
      permissions: {},
      roles: { claim: 'groups', received: [], unmapped: [] },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your sign-in service sent no roles in the claim groups. Whoever runs the cloud must set ' +
        'AUTH_EXTERNAL_ROLES_CLAIM',
    );
  });
});

describe('one name everywhere', () => {
  const panel = () => (
    <AuthContext.Provider value={new BasicAuthenticator()}>
      <UserPanel username="dwho" />
    </AuthContext.Provider>
  );

  it('shows the provider’s name, not the login name, while the cloud cannot be read', async () => {
    saveProviderProfile({ name: 'Doctor Who', picture: 'https://pics.example/dwho.png' });
    fakeCloud(() => waiting());
    const { client } = renderPage(panel());
    await client.resetQueries({ queryKey: userinfoKeys.all });
    const section = screen.getByRole('region', { name: 'Signed-in user' });
    await waitFor(() => expect(within(section).getByText('Doctor Who')).toBeVisible());
  });

  it('shows the cloud’s name once it answers', () => {
    saveProviderProfile({ name: 'Doctor Who' });
    fakeCloud(() => json({}));
    renderPage(panel());
    const section = screen.getByRole('region', { name: 'Signed-in user' });
    expect(within(section).getByText('Tess Ter')).toBeVisible();
  });
});
