import { Badge, Skeleton, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { extensionsQuery } from '../../api/extensions.ts';
import { deliveriesQuery, type Delivery } from '../../api/push.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
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
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label={t('push.log.title')} withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('push.log.time')}</Table.Th>
              <Table.Th scope="col">{t('push.log.events')}</Table.Th>
              <Table.Th scope="col">{t('push.log.outcome')}</Table.Th>
              <Table.Th scope="col">{t('push.log.duration')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((delivery) => (
              <Table.Tr key={delivery.key}>
                <Table.Td>{delivery.at ? formatInstant(delivery.at.getTime()) : '—'}</Table.Td>
                <Table.Td>{delivery.eventCount ?? '—'}</Table.Td>
                <Table.Td>
                  <Outcome delivery={delivery} />
                </Table.Td>
                <Table.Td>
                  {delivery.durationMs === null
                    ? '—'
                    : t('push.log.ms', { ms: Math.round(delivery.durationMs) })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
