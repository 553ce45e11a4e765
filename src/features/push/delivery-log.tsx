import { Badge, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { extensionsQuery } from '../../api/extensions.ts';
import { deliveriesQuery, type Delivery } from '../../api/push.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { formatInstant } from '../../lib/history/format-time.ts';
import { t } from '../../i18n/i18n.ts';

function Outcome({ delivery }: { delivery: Delivery }) {
  const status = delivery.responseStatus;
  if (status !== null && status >= 200 && status < 300) {
    return (
      <Badge color="green" variant="light">
        {status}
      </Badge>
    );
  }
  return (
    <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
      {status !== null ? t('push.log.http', { status }) : ''}
      {status !== null && delivery.error ? ' · ' : ''}
      {delivery.error ?? (status === null ? t('push.log.noAnswer') : '')}
    </Text>
  );
}

const deliveryKey = (delivery: Delivery) => delivery.key;

/** Built when the log renders (its language); on a phone the time heads each card. */
const deliveryColumns = (): DataColumn<Delivery>[] => [
  {
    header: t('push.log.time'),
    track: 'minmax(200px, 1.5fr)',
    minWidth: 200,
    phone: 'title',
    cell: (delivery) => (delivery.at ? formatInstant(delivery.at.getTime()) : '—'),
  },
  {
    header: t('push.log.events'),
    track: '90px',
    minWidth: 90,
    phone: 'main',
    cell: (delivery) => delivery.eventCount ?? '—',
  },
  {
    header: t('push.log.outcome'),
    track: 'minmax(140px, 2fr)',
    minWidth: 140,
    wrap: true,
    phone: 'main',
    cell: (delivery) => <Outcome delivery={delivery} />,
  },
  {
    header: t('push.log.duration'),
    track: '100px',
    minWidth: 100,
    phone: 'main',
    cell: (delivery) =>
      delivery.durationMs === null
        ? '—'
        : t('push.log.ms', { ms: Math.round(delivery.durationMs) }),
  },
];

function Log({ template, channelUuid }: { template: string; channelUuid: string }) {
  const { data, isPending, error, refetch } = useQuery(deliveriesQuery(template, channelUuid));
  if (isPending) return <Skeleton height={80} />;
  if (data === undefined) {
    return (
      <ApiErrorAlert error={error} title={t('push.log.notLoaded')} onRetry={() => void refetch()} />
    );
  }
  if (data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('push.log.empty')}
      </Text>
    );
  }
  // Times without a zone of their own: the line below the table names it once (issue 22).
  return (
    <>
      <DataTable
        rows={data}
        columns={deliveryColumns()}
        label={t('push.log.title')}
        rowKey={deliveryKey}
      />
    </>
  );
}

/** Shown only where the cloud offers the delivery log (an extension of ours). */
export function DeliveryLog({ channelUuid }: { channelUuid: string }) {
  const { data: template } = useQuery({
    ...extensionsQuery(),
    select: (extensions) => extensions.deliveryLog,
  });
  if (!template) return null;
  return (
    <section aria-labelledby="deliveries-title">
      <Title order={3} size="h5" mb="xs" id="deliveries-title">
        {t('push.log.title')}
      </Title>
      <Log template={template} channelUuid={channelUuid} />
    </section>
  );
}
