import { Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notificationDeliveriesQuery } from '../../api/notifications.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { t } from '../../i18n/i18n.ts';
import { formatMinute } from '../../lib/history/format-time.ts';
import type { NotificationDelivery } from '../../../contract/notifications.ts';

function outcome(delivery: NotificationDelivery): string {
  if (delivery.ok) return t('notifications.log.ok');
  const error = delivery.error ?? '';
  return delivery.final
    ? t('notifications.log.final', { error })
    : t('notifications.log.retry', { attempt: delivery.attempt, error });
}

/** Every attempt to tell the person, newest first: "why did I not get the mail?". */
export function DeliveryLog() {
  const { data, error, refetch } = useQuery(notificationDeliveriesQuery());
  return (
    <section aria-labelledby="notification-log">
      <Title order={2} size="h4" id="notification-log" mt="xl" mb="sm">
        {t('notifications.log')}
      </Title>
      {error && <ApiErrorAlert error={error} onRetry={() => void refetch()} />}
      {data && data.deliveries.length === 0 && (
        <Text c="dimmed">{t('notifications.log.empty')}</Text>
      )}
      {data && data.deliveries.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('notifications.log.at')}</Table.Th>
                <Table.Th>{t('notifications.log.to')}</Table.Th>
                <Table.Th>{t('notifications.log.subject')}</Table.Th>
                <Table.Th>{t('notifications.log.outcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.deliveries.map((delivery) => (
                <Table.Tr key={`${delivery.at}-${delivery.attempt}-${delivery.subject}`}>
                  <Table.Td>{formatMinute(delivery.at)}</Table.Td>
                  <Table.Td>{delivery.to}</Table.Td>
                  <Table.Td>{delivery.subject}</Table.Td>
                  <Table.Td>{outcome(delivery)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
