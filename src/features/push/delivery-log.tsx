import { Badge, Skeleton, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { extensionsQuery } from '../../api/extensions.ts';
import { deliveriesQuery, type Delivery } from '../../api/push.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { formatInstant } from '../../lib/history/format-time.ts';
import { TimesIn } from '../../components/times-in.tsx';

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
      {status !== null ? `HTTP ${status}` : ''}
      {status !== null && delivery.error ? ' · ' : ''}
      {delivery.error ?? (status === null ? 'No answer' : '')}
    </Text>
  );
}

function Log({ template, channelUuid }: { template: string; channelUuid: string }) {
  const { data, isPending, error, refetch } = useQuery(deliveriesQuery(template, channelUuid));
  if (isPending) return <Skeleton height={80} />;
  if (data === undefined) {
    return (
      <ApiErrorAlert
        error={error}
        title="The delivery log could not be loaded"
        onRetry={() => void refetch()}
      />
    );
  }
  if (data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing delivered yet. Deliveries appear here once data reaches this channel.
      </Text>
    );
  }
  // Times without a zone of their own: the line below the table names it once (issue 22).
  return (
    <>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label="Last deliveries" withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Time</Table.Th>
              <Table.Th scope="col">Events</Table.Th>
              <Table.Th scope="col">Outcome</Table.Th>
              <Table.Th scope="col">Duration</Table.Th>
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
                  {delivery.durationMs === null ? '—' : `${Math.round(delivery.durationMs)} ms`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TimesIn />
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
        Last deliveries
      </Title>
      <Log template={template} channelUuid={channelUuid} />
    </section>
  );
}
