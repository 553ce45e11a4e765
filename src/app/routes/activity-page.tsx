import { Alert, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { extensionsQuery } from '../../api/extensions.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { TimesIn } from '../../components/times-in.tsx';
import { t } from '../../i18n/i18n.ts';
import { tenantsWith } from '../../lib/permissions.ts';
import { ActivityPanel } from '../../features/activity/activity-panel.tsx';

export function loader({ context }: LoaderFunctionArgs) {
  const client = context.get(queryClientContext);
  void client.prefetchQuery(extensionsQuery());
  void client.prefetchQuery(userinfoQuery());
  return null;
}

/** /activity — the audit trail: who changed what, when, before and after. */
export function Component() {
  const [params] = useSearchParams();
  const { data: extensions } = useQuery(extensionsQuery());
  const { data: me } = useQuery(userinfoQuery());
  const header = <PageHeader title={t('activity.title')} description={t('activity.description')} />;
  let body;
  if (!extensions || !me) body = <Skeleton h={200} />;
  else if (!extensions.audit) body = <Alert color="yellow">{t('activity.notOffered')}</Alert>;
  else if (tenantsWith(me.permissions, 'audit', 'READ').length === 0) {
    body = <Alert color="yellow">{t('activity.notAllowed')}</Alert>;
  } else {
    body = (
      <ActivityPanel
        initial={{
          channel: params.get('channel') ?? undefined,
          actor: params.get('actor') ?? undefined,
        }}
        peopleOffered={extensions.people && extensions.accessExplainer}
      />
    );
  }
  return (
    <>
      {header}
      {body}
      {/* The trail's times have no zone of their own: named once, here (issue 22). */}
      <TimesIn />
    </>
  );
}
