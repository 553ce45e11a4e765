import { Alert, Button, Center, Loader, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuthenticator } from '../../auth/auth-context.ts';
import { describeSignInError } from '../../auth/oidc-settings.ts';
import { safeReturnTo } from './return-to.ts';
import { paths } from '../../lib/paths.ts';

/** One exchange per callback URL, even when React runs effects twice in development. */
const exchanges = new Map<string, Promise<string>>();

export function CallbackPage() {
  const authenticator = useAuthenticator();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

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
      (returnTo) => void navigate(safeReturnTo(returnTo), { replace: true }),
      (caught: unknown) => {
        // Back or reload onto a used callback address while signed in: nothing went wrong.
        if (authenticator.store.get().status === 'signed-in') {
          void navigate(paths.home.href(), { replace: true });
        } else {
          setError(describeSignInError(caught));
        }
      },
    );
  }, [authenticator, navigate]);

  return (
    <Center mih="100vh" component="main">
      {error === null ? (
        <Stack align="center">
          <Loader aria-label="Signing in" />
          <Title order={1} size="h4" fw={400}>
            Signing you in…
          </Title>
        </Stack>
      ) : (
        <Stack maw={420}>
          <Title order={1} size="h3">
            Sign-in did not complete
          </Title>
          <Alert color="red" role="alert">
            {error}
          </Alert>
          <Button component={Link} to={paths.signIn.href()} replace>
            Try again
          </Button>
        </Stack>
      )}
    </Center>
  );
}
