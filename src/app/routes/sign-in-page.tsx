import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { useAuthenticator, useSession } from '../../auth/auth-context.ts';
import { hasAnyDraft } from '../../auth/drafts.ts';
import { ProviderFailure } from '../../auth/provider-failure.ts';
import { refusalAdvice } from '../../auth/refusal-advice.ts';
import {
  clearSignOutReport,
  describeSignOut,
  readSignOutReport,
} from '../../auth/sign-out-report.ts';
import { useConfig } from '../../config/config-context.ts';
import { t } from '../../i18n/i18n.ts';
import { formatTimeOfDay } from '../../lib/history/format-time.ts';
import { safeReturnTo } from './return-to.ts';

/** The basic form's chunk; main.tsx starts fetching it once the configuration says "basic". */
export const loadBasicForm = () => import('./basic-sign-in-form.tsx');
const BasicForm = lazy(() => loadBasicForm().then((module) => ({ default: module.BasicForm })));

/** How often the sign-in page asks a sign-in service that failed whether it answers again. */
const PROVIDER_PROBE_MS = 2_000;

/** A failure that passes when the sign-in service comes back: not its refusal, not the policy. */
const outage = (error: unknown) =>
  error instanceof ProviderFailure && error.kind !== 'refused' && error.kind !== 'policy';

function OidcButton({ returnTo }: { returnTo: string }) {
  const authenticator = useAuthenticator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [back, setBack] = useState(false);
  const down = outage(error);
  // Once the service answers again the failure is over: said, and Sign in offered, no reload.
  useEffect(() => {
    if (!down || authenticator.mode !== 'oidc') return;
    let stopped = false;
    const timer = setInterval(() => {
      void authenticator.providerAnswers().then((answers) => {
        if (!answers || stopped) return;
        setError(null);
        setBack(true);
      });
    }, PROVIDER_PROBE_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [down, authenticator]);
  const start = async () => {
    if (authenticator.mode !== 'oidc') return;
    setPending(true);
    setBack(false);
    try {
      await authenticator.signIn(returnTo);
    } catch (caught) {
      setError(caught);
      setPending(false);
    }
  };
  return (
    <Stack>
      {error instanceof ProviderFailure ? (
        <Alert color="red" title={error.title} role="alert">
          <Text size="sm">{error.message}</Text>
        </Alert>
      ) : (
        error !== null && <ApiErrorAlert error={error} title={t('signIn.didNotStart')} />
      )}
      {back && (
        <Alert color="green" role="status" title={t('signIn.providerBack.title')}>
          <Text size="sm">{t('signIn.providerBack')}</Text>
        </Alert>
      )}
      <Button size="md" loading={pending} onClick={() => void start()}>
        {t('signIn.submit')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('signIn.organisation')}
      </Text>
    </Stack>
  );
}

/** What the last sign-out in this tab could not end, said once (sign-out-report.ts). */
function SignedOutNotice() {
  const [lines] = useState(() => {
    const report = readSignOutReport();
    return report ? describeSignOut(report, formatTimeOfDay) : [];
  });
  useEffect(() => clearSignOutReport(), []);
  if (lines.length === 0) return null;
  return (
    <Alert color="orange" title={t('signIn.signedOutExceptions')} role="status">
      <Stack gap={4}>
        {lines.map((line) => (
          <Text size="sm" key={line}>
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** The cloud refused the tokens a sign-in just produced: say why, and who must fix what. */
function RefusedNotice({ reason }: { reason: string }) {
  const config = useConfig();
  return (
    <Alert color="red" title={t('signIn.refused.title')} role="alert">
      <Stack gap={4}>
        <Text size="sm">{t('signIn.refused.answer', { reason })}</Text>
        <Text size="sm">{refusalAdvice(reason, config.oidc)}</Text>
        <Text size="sm">{t('signIn.refused.again')}</Text>
      </Stack>
    </Alert>
  );
}

export function SignInPage() {
  const session = useSession();
  const authenticator = useAuthenticator();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));

  if (session.status === 'signed-in') return <Navigate to={returnTo} replace />;
  const expired = session.status === 'signed-out' && session.expired;
  const refusal = session.status === 'signed-out' ? session.refusal : undefined;

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400} radius="lg">
        <Stack>
          <div>
            <Title order={1} size="h2">
              {t('shell.product')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('signIn.intro')}
            </Text>
          </div>
          {expired && (
            <Alert color="orange" title={t('signIn.expired.title')} role="status">
              {t(hasAnyDraft() ? 'signIn.expired.againDraft' : 'signIn.expired.again')}
            </Alert>
          )}
          {refusal !== undefined && <RefusedNotice reason={refusal} />}
          <SignedOutNotice />
          {authenticator.mode === 'basic' ? (
            <Suspense fallback={<Loader role="status" aria-label={t('common.loadingPage')} />}>
              <BasicForm />
            </Suspense>
          ) : (
            <OidcButton returnTo={returnTo} />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
