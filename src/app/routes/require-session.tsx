import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../auth/auth-context.ts';
import { paths } from '../../lib/paths.ts';
import { loadAllWords, t } from '../../i18n/i18n.ts';

// The shell loads beside the signed-in page, not with the sign-in page a newcomer sees first,
// and with it every word of the language beyond the first page's (decision 0168).
const Shell = lazy(() =>
  Promise.all([import('../shell/shell.tsx'), loadAllWords()]).then(([module]) => ({
    default: module.Shell,
  })),
);

function FullPageLoader({ label }: { label: string }) {
  return (
    <Center mih="100vh">
      <Loader aria-label={label} />
    </Center>
  );
}

/** The signed-in part of the console; anyone else goes to sign in and comes back here after. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'signed-in') {
    return (
      <Suspense fallback={<FullPageLoader label={t('session.loadingConsole')} />}>
        <Shell username={session.username} />
      </Suspense>
    );
  }
  if (session.status === 'restoring') return <FullPageLoader label={t('session.restoring')} />;
  const returnTo = location.pathname + location.search + location.hash;
  return <Navigate to={paths.signIn.href(returnTo)} replace />;
}
