import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Alarm } from '../../../contract/alarms.ts';
import type { DataColumn } from '../../components/data-table/data-table.tsx';
import { t, type MessageId } from '../../i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { describeAlarm, formatMoment } from './describe-alarm.ts';

const HOUR = 3_600_000;
const severityColor = { critical: 'red', major: 'orange', warning: 'yellow' } as const;

/** A row holds two lines: a node and its tenant, a state and who decided it. */
export const ALARM_ROW_HEIGHT = 56;

/** The node's history around the alarm: an hour before it began to an hour after it ended. */
function historyHref(alarm: Alarm, now: number): string {
  const from = (alarm.excursionStart?.ts ?? alarm.raisedAt) - HOUR;
  const to = Math.min(now, (alarm.cleared?.at ?? now) + HOUR);
  return paths.channelHistory.href(alarm.nodeUuid, { from, to: Math.max(to, from + HOUR) });
}

function StateCell({ alarm }: { alarm: Alarm }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{t(`alarms.state.${alarm.state}` as MessageId)}</Text>
      {alarm.acknowledged && (
        <Text size="xs" c="dimmed" truncate>
          {t('alarms.acknowledgedBy', alarm.acknowledged)}
        </Text>
      )}
      {alarm.cleared && (
        <Text size="xs" c="dimmed" truncate>
          {alarm.cleared.by
            ? t('alarms.clearedBy', { by: alarm.cleared.by, comment: alarm.cleared.comment ?? '' })
            : t('alarms.clearedByData', { at: formatMoment(alarm.cleared.at) })}
        </Text>
      )}
    </Stack>
  );
}

export type AlarmAction = 'acknowledge' | 'clear';

/**
 * The Alarms page's columns for the shared data table: as the page had them, with Acknowledge a
 * column of its own (kept in view beside the node), so a person on duty finds it on every row. On
 * a phone each alarm is a card: its severity and node on top with the decisions, what happened
 * and when below, its state a tap away (data-table/phone-cards.tsx).
 */
export function useAlarmColumns(
  now: number,
  decide: (alarm: Alarm, action: AlarmAction, button: HTMLElement) => void,
): DataColumn<Alarm>[] {
  return useMemo(
    () => [
      {
        header: t('alarms.column.severity'),
        track: '128px',
        minWidth: 128,
        phone: 'title',
        cell: (alarm) => (
          <Badge color={severityColor[alarm.severity]}>
            {t(`alarms.severity.${alarm.severity}` as MessageId)}
          </Badge>
        ),
      },
      {
        header: t('alarms.column.node'),
        track: 'minmax(140px, 1fr)',
        minWidth: 140,
        sticky: 'start',
        phone: 'title',
        cell: (alarm) => (
          <Stack gap={0}>
            <Text size="sm" truncate>
              {alarm.nodeName}
            </Text>
            <Text size="xs" c="dimmed">
              {alarm.tenant}
            </Text>
          </Stack>
        ),
      },
      {
        header: t('alarms.column.what'),
        track: 'minmax(240px, 2fr)',
        minWidth: 240,
        phone: 'main',
        // One line in the table, cut with "…" where narrow; a card on a phone shows it whole.
        cell: (alarm) => (
          <Text size="sm" truncate>
            {describeAlarm(alarm)}
          </Text>
        ),
      },
      {
        header: t('alarms.column.raised'),
        track: '150px',
        minWidth: 150,
        phone: 'main',
        cell: (alarm) => formatMoment(alarm.raisedAt),
      },
      {
        header: t('alarms.column.state'),
        track: 'minmax(160px, 1.5fr)',
        minWidth: 160,
        phone: 'more',
        cell: (alarm) => <StateCell alarm={alarm} />,
      },
      {
        header: t('alarms.column.acknowledge'),
        hideHeader: true,
        track: '132px',
        minWidth: 132,
        sticky: 'end',
        phone: 'action',
        cell: (alarm) =>
          alarm.state === 'raised' ? (
            <Button
              size="compact-sm"
              data-decision="acknowledge"
              onClick={(event) => decide(alarm, 'acknowledge', event.currentTarget)}
            >
              {t('alarms.acknowledge')}
            </Button>
          ) : null,
      },
      {
        header: t('alarms.column.actions'),
        track: '150px',
        minWidth: 150,
        phone: 'action',
        cell: (alarm) => (
          <Group gap="xs" wrap="nowrap">
            <Anchor component={Link} to={historyHref(alarm, now)} size="sm">
              {t('alarms.history')}
            </Anchor>
            {alarm.state !== 'cleared' && (
              <Button
                size="compact-sm"
                variant="default"
                data-decision="clear"
                onClick={(event) => decide(alarm, 'clear', event.currentTarget)}
              >
                {t('alarms.clear')}
              </Button>
            )}
          </Group>
        ),
      },
    ],
    [now, decide],
  );
}
