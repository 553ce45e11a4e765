import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useAuthenticator } from '../../auth/auth-context.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { t } from '../../i18n/i18n.ts';

/**
 * The username and password form of `authMode: "basic"`: a chunk of its own, fetched as soon as
 * the configuration names that mode (main.tsx), so that the first page of the usual OIDC sign-in
 * does not carry Mantine's inputs (decision 0168).
 */
export function BasicForm() {
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
        {error !== null && <ApiErrorAlert error={error} title={t('signIn.failed')} />}
        <TextInput
          label={t('signIn.userName')}
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={submitted && username.trim() === '' ? t('signIn.enterUserName') : undefined}
          data-autofocus
        />
        <PasswordInput
          label={t('signIn.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={
            submitted && password === '' && error === null ? t('signIn.enterPassword') : undefined
          }
        />
        <Button
          type="submit"
          loading={pending}
          disabled={username.trim() === '' || password === ''}
        >
          {t('signIn.submit')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('signIn.passwordKept')}
        </Text>
      </Stack>
    </form>
  );
}
