import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuthenticator } from '../../auth/auth-context.ts';
import { describeSignInError } from '../../auth/oidc-settings.ts';
import { safeReturnTo } from './return-to.ts';

/** One exchange per callback URL, even when React runs effects twice in development. */
const exchanges = new Map<string, Promise<string>>();

export function CallbackPage() {
  const authenticator = useAuthenticator();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (authenticator.mode !== 'oidc') {
      void navigate('/sign-in', { replace: true });
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
          void navigate('/', { replace: true });
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
          <Text>Signing you in…</Text>
        </Stack>
      ) : (
        <Stack maw={420}>
          <Alert color="red" title="Sign-in did not complete" role="alert">
            {error}
          </Alert>
          <Button component={Link} to="/sign-in" replace>
            Try again
          </Button>
        </Stack>
      )}
    </Center>
  );
}
