import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import type { PushHealth } from '../../../contract/push-health.ts';
import { extensionsQuery } from '../../api/extensions.ts';
import { channelPushHealthQuery, useSendTestEvent } from '../../api/push-health.ts';
import { deliveriesQuery, healthOfLog } from '../../api/push.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { t } from '../../i18n/i18n.ts';
import { formatInstant } from '../../lib/history/format-time.ts';
import { lastAnswer } from '../../lib/push-answer.ts';

function intervalWords(seconds: number): string {
  return seconds === 0 ? t('pushPanel.atOnce') : t('pushPanel.batched', { seconds });
}

/** The newest delivery, failures in a row and the last hour's share, in a line each. */
function HealthLines({ health }: { health: PushHealth }) {
  const share = health.lastHour.share;
  return (
    <Stack gap={2}>
      {health.last ? (
        <Text size="sm">
          {t('pushHealth.last', { at: formatInstant(health.last.at), answer: lastAnswer(health) })}
        </Text>
      ) : (
        <Text size="sm">{t('pushHealth.noDelivery')}</Text>
      )}
      {health.failuresInRow > 0 && (
        <Text size="sm">{t('pushHealth.inRow', { count: health.failuresInRow })}</Text>
      )}
      {share !== undefined && (
        <Text size="sm">
          {t('pushHealth.lastHour', {
            delivered: health.lastHour.delivered,
            deliveries: health.lastHour.deliveries,
            share,
          })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * How push is faring: configured and delivering (green), or failing (red) with the receiver's
 * last answer, from our cloud's push health; and "Send a test event" for whoever may set push.
 */
export function PushHealthStatus({
  channel,
  pushURL,
  mayTest,
}: {
  channel: ChannelRecord;
  pushURL: string;
  mayTest: boolean;
}) {
  const { data: extensions } = useQuery(extensionsQuery());
  // Beside the delivery log, health is made of the log's own answer (the same query, asked every
  // 5 s): asked apart, every 30 s, it said "No delivery yet" beside a delivery answered 200.
  const template = extensions?.deliveryLog ?? undefined;
  const log = useQuery({
    ...deliveriesQuery(template ?? '', channel.uuid),
    enabled: template !== undefined,
  });
  const served = useQuery({
    ...channelPushHealthQuery(channel.uuid),
    enabled: extensions?.pushHealth === true && template === undefined,
  });
  const { data: deliveries, dataUpdatedAt } = log;
  const health = useMemo(
    () =>
      deliveries === undefined
        ? served.data
        : healthOfLog(
            { uuid: channel.uuid, name: channel.name, to: pushURL },
            deliveries,
            dataUpdatedAt,
          ),
    [deliveries, dataUpdatedAt, served.data, channel.uuid, channel.name, pushURL],
  );
  const test = useSendTestEvent(channel.uuid);
  const failing = health?.failing === true;
  const where = t('pushPanel.goesTo', {
    to: pushURL,
    interval: intervalWords(channel.pushInterval ?? 0),
  });
  return (
    <Stack gap="xs">
      <Alert
        color={failing ? 'red' : 'green'}
        variant={failing ? 'filled' : 'light'}
        title={t(failing ? 'pushHealth.failing' : 'pushPanel.configured')}
      >
        <Stack gap={4}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {where}
          </Text>
          {health && <HealthLines health={health} />}
        </Stack>
      </Alert>
      {extensions?.pushTest && mayTest && (
        <Group gap="sm">
          <Button
            variant="default"
            size="xs"
            loading={test.isPending}
            onClick={() => test.mutate()}
          >
            {t('pushHealth.sendTest')}
          </Button>
          {test.data && (
            <Text size="sm" c={test.data.ok ? 'green.9' : 'red.8'} role="status">
              {t(test.data.ok ? 'pushHealth.testDelivered' : 'pushHealth.testFailed', {
                answer: lastAnswer({ last: test.data }),
              })}
            </Text>
          )}
        </Group>
      )}
      {test.error && <ApiErrorAlert error={test.error} />}
    </Stack>
  );
}
