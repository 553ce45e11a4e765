import { Alert, Button, Center, Loader, Stack, Title } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { updateProfile, userinfoQuery } from '../../api/userinfo.ts';
import { useAuthenticator } from '../../auth/auth-context.ts';
import type { OidcAuthenticator } from '../../auth/oidc.ts';
import { describeSignInError } from '../../auth/oidc-settings.ts';
import { ProviderFailure } from '../../auth/provider-failure.ts';
import { t } from '../../i18n/i18n.ts';
import { safeReturnTo } from './return-to.ts';
import { paths } from '../../lib/paths.ts';

/** One exchange per callback URL, even when React runs effects twice in development. */
const exchanges = new Map<string, Promise<string>>();

/**
 * Sends the name and email the provider gave (its userinfo endpoint, the ID token) to the cloud,
 * once per sign-in, so that the console shows one name everywhere. A cloud without the extension,
 * or one that fails, leaves the name it has: nothing else depends on it.
 */
async function sendSignInProfile(authenticator: OidcAuthenticator, queryClient: QueryClient) {
  const profile = authenticator.takeSignInProfile();
  if (!profile || (profile.name === undefined && profile.email === undefined)) return;
  const { name, email } = profile;
  try {
    const userinfo = await updateProfile({
      ...(name ? { name } : {}),
      ...(email ? { email } : {}),
    });
    queryClient.setQueryData(userinfoQuery().queryKey, userinfo);
  } catch {
    // Cosmetic: the cloud's own name stays.
  }
}

export function CallbackPage() {
  const authenticator = useAuthenticator();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<{ title?: string; text: string } | null>(null);

  useEffect(() => {
    if (authenticator.mode !== 'oidc') {
      void navigate(paths.signIn.href(), { replace: true });
      return;
    }
    const url = window.location.href;
    let exchange = exchanges.get(url);
    if (!exchange) {
      exchange = authenticator.completeSignIn(url);
      exchanges.set(url, exchange);
    }
    exchange.then(
      async (returnTo) => {
        if (authenticator.mode === 'oidc') await sendSignInProfile(authenticator, queryClient);
        await navigate(safeReturnTo(returnTo), { replace: true });
      },
      (caught: unknown) => {
        // Back or reload onto a used callback address while signed in: nothing went wrong.
        if (authenticator.store.get().status === 'signed-in') {
          void navigate(paths.home.href(), { replace: true });
        } else {
          setError({
            ...(caught instanceof ProviderFailure ? { title: caught.title } : {}),
            text: describeSignInError(caught),
          });
        }
      },
    );
  }, [authenticator, navigate, queryClient]);

  return (
    <Center mih="100vh" component="main">
      {error === null ? (
        <Stack align="center">
          <Loader aria-label={t('callback.signingIn')} />
          <Title order={1} size="h4" fw={400}>
            {t('callback.signingYouIn')}
          </Title>
        </Stack>
      ) : (
        <Stack maw={420}>
          <Title order={1} size="h3">
            {t('callback.incomplete')}
          </Title>
          <Alert color="red" role="alert" title={error.title}>
            {error.text}
          </Alert>
          <Button component={Link} to={paths.signIn.href()} replace>
            {t('callback.tryAgain')}
          </Button>
        </Stack>
      )}
    </Center>
  );
}
