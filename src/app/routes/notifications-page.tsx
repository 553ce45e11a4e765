import { Alert, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { extensionsQuery } from '../../api/extensions.ts';
import { notificationSettingsQuery } from '../../api/notifications.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { t } from '../../i18n/i18n.ts';
import { DeliveryLog } from '../../features/notifications/delivery-log.tsx';
import { NotificationForm } from '../../features/notifications/notification-form.tsx';

export function loader({ context }: LoaderFunctionArgs) {
  const client = context.get(queryClientContext);
  void client.prefetchQuery(extensionsQuery());
  void client.prefetchQuery(userinfoQuery());
  return null;
}

/** /notifications — the person's own alarm e-mail settings, a test, and the delivery log. */
export function Component() {
  const { data: extensions } = useQuery(extensionsQuery());
  const { data: me } = useQuery(userinfoQuery());
  const offered = extensions?.notifications === true;
  const settings = useQuery({ ...notificationSettingsQuery(), enabled: offered });
  let body;
  if (!extensions || !me) body = <Skeleton h={200} />;
  else if (!offered) body = <Alert color="yellow">{t('notifications.notOffered')}</Alert>;
  else if (settings.error) {
    body = <ApiErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />;
  } else if (!settings.data) body = <Skeleton h={200} />;
  else {
    body = (
      <>
        <NotificationForm saved={settings.data} accountEmail={me.email} />
        <DeliveryLog />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('notifications.title')} description={t('notifications.description')} />
      {body}
    </>
  );
}
