import {
  Alert,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { useAuthenticator, useSession } from '../../auth/auth-context.ts';
import { hasAnyDraft } from '../../auth/drafts.ts';
import { safeReturnTo } from './return-to.ts';

function BasicForm() {
  const authenticator = useAuthenticator();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [submitted, setSubmitted] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (authenticator.mode !== 'basic' || username.trim() === '' || password === '') return;
    setPending(true);
    setError(null);
    try {
      await authenticator.signIn(username.trim(), password);
    } catch (caught) {
      setError(caught);
      setPassword('');
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        {error !== null && <ApiErrorAlert error={error} title="Sign-in failed" />}
        <TextInput
          label="User name"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={submitted && username.trim() === '' ? 'Enter your user name.' : undefined}
          data-autofocus
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={
            submitted && password === '' && error === null ? 'Enter your password.' : undefined
          }
        />
        <Button
          type="submit"
          loading={pending}
          disabled={username.trim() === '' || password === ''}
        >
          Sign in
        </Button>
        <Text size="xs" c="dimmed">
          Your password is kept in this tab’s memory only, never stored.
        </Text>
      </Stack>
    </form>
  );
}

function OidcButton({ returnTo }: { returnTo: string }) {
  const authenticator = useAuthenticator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const start = async () => {
    if (authenticator.mode !== 'oidc') return;
    setPending(true);
    try {
      await authenticator.signIn(returnTo);
    } catch (caught) {
      setError(caught);
      setPending(false);
    }
  };
  return (
    <Stack>
      {error !== null && (
        <Alert color="red" title="The sign-in service cannot be reached" role="alert">
          {error instanceof Error ? error.message : String(error)}
        </Alert>
      )}
      <Button size="md" loading={pending} onClick={() => void start()}>
        Sign in
      </Button>
      <Text size="xs" c="dimmed">
        You sign in on your organisation’s sign-in page and come back here.
      </Text>
    </Stack>
  );
}

export function SignInPage() {
  const session = useSession();
  const authenticator = useAuthenticator();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));

  if (session.status === 'signed-in') return <Navigate to={returnTo} replace />;
  const expired = session.status === 'signed-out' && session.expired;

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400} radius="lg">
        <Stack>
          <div>
            <Title order={1} size="h2">
              Telemetry Console
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to see and manage your fleet.
            </Text>
          </div>
          {expired && (
            <Alert color="yellow" title="Your session has ended" role="status">
              Sign in again to carry on{hasAnyDraft() ? '; what you were typing is kept' : ''}.
            </Alert>
          )}
          {authenticator.mode === 'basic' ? <BasicForm /> : <OidcButton returnTo={returnTo} />}
        </Stack>
      </Paper>
    </Center>
  );
}
