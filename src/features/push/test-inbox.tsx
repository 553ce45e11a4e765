import { Badge, Code, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PushInboxArrival } from '../../../contract/push.ts';
import { extensionsQuery } from '../../api/extensions.ts';
import { inboxAt, pushInboxesQuery, pushInboxQuery } from '../../api/push-inboxes.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { formatInstant } from '../../lib/history/format-time.ts';
import { t } from '../../i18n/i18n.ts';

function Signature({ arrival }: { arrival: PushInboxArrival }) {
  if (arrival.verified) {
    return (
      <Badge color="green" variant="light">
        {t('push.inbox.verified')}
      </Badge>
    );
  }
  return (
    <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
      {/* The problem is the cloud's own words, as its other answers are shown. */}
      {t('push.inbox.notVerified', { problem: arrival.problem ?? t('push.inbox.mismatch') })}
    </Text>
  );
}

const arrivalKey = (arrival: PushInboxArrival, index: number) =>
  `${arrival.at}-${arrival.webhookId ?? index}`;

/** Built when the inbox renders (its language); on a phone the time heads each card. */
const arrivalColumns = (): DataColumn<PushInboxArrival>[] => [
  {
    header: t('push.inbox.arrived'),
    track: 'minmax(200px, 1fr)',
    minWidth: 200,
    phone: 'title',
    cell: (arrival) => formatInstant(new Date(arrival.at).getTime()),
  },
  {
    header: t('push.inbox.events'),
    track: '90px',
    minWidth: 90,
    phone: 'main',
    cell: (arrival) => arrival.eventCount ?? '—',
  },
  {
    header: t('push.inbox.signature'),
    track: 'minmax(140px, 1fr)',
    minWidth: 140,
    wrap: true,
    phone: 'main',
    cell: (arrival) => <Signature arrival={arrival} />,
  },
];

function Arrivals({ inboxUuid }: { inboxUuid: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(pushInboxQuery(inboxUuid));
  if (isPending) return <Skeleton height={80} />;
  if (isError) {
    return (
      <ApiErrorAlert error={error} title={t('push.inbox.notRead')} onRetry={() => void refetch()} />
    );
  }
  if (data.arrivals.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('push.inbox.empty')}
      </Text>
    );
  }
  const latest = data.arrivals.find((arrival) => arrival.events !== undefined);
  return (
    <Stack gap="xs">
      <DataTable
        rows={data.arrivals}
        columns={arrivalColumns()}
        label={t('push.inbox.table')}
        rowKey={arrivalKey}
      />
      {latest?.events !== undefined && (
        <div>
          <Text size="sm" fw={500} mb={4} id="inbox-latest">
            {latest.channelName === undefined
              ? t('push.inbox.latestThis')
              : t('push.inbox.latest', { channel: latest.channelName })}
          </Text>
          {/* A named, focusable region, so that a keyboard can scroll it. */}
          <Code
            block
            mah={220}
            style={{ overflow: 'auto' }}
            role="region"
            tabIndex={0}
            aria-labelledby="inbox-latest"
          >
            {JSON.stringify(latest.events.slice(0, 3), null, 2)}
          </Code>
        </div>
      )}
    </Stack>
  );
}

/**
 * Where a channel pushes to one of the caller's test inboxes (our cloud's extension): what
 * arrived there and whether each delivery's signature verified with the inbox's secret.
 */
export function TestInbox({ pushURL }: { pushURL: string | undefined }) {
  const { data: offered } = useQuery({
    ...extensionsQuery(),
    select: (extensions) => extensions.pushInboxes,
  });
  const { data: inboxes } = useQuery({
    ...pushInboxesQuery(),
    enabled: offered === true && pushURL !== undefined,
  });
  const inbox = inboxAt(inboxes, pushURL);
  if (inbox === undefined) return null;
  return (
    <section aria-labelledby="inbox-title">
      <Title order={3} size="h5" mb={4} id="inbox-title">
        {t('push.inbox.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('push.inbox.intro')}
      </Text>
      <Arrivals inboxUuid={inbox.uuid} />
    </section>
  );
}
