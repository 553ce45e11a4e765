import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Alarm } from '../../../contract/alarms.ts';
import type { DataColumn } from '../../components/data-table/data-table.tsx';
import { t, type MessageId } from '../../i18n/i18n.ts';
import { describeAlarm, formatMoment } from './describe-alarm.ts';

const severityColor = { critical: 'red', major: 'orange', warning: 'yellow' } as const;

function StateCell({ alarm }: { alarm: Alarm }) {
  return (
    <Stack gap={2}>
      <Text size="sm">{t(`alarms.state.${alarm.state}` as MessageId)}</Text>
      {alarm.acknowledged && (
        <Text size="xs" c="dimmed">
          {t('alarms.acknowledgedBy', alarm.acknowledged)}
        </Text>
      )}
      {alarm.cleared && (
        <Text size="xs" c="dimmed">
          {alarm.cleared.by
            ? t('alarms.clearedBy', { by: alarm.cleared.by, comment: alarm.cleared.comment ?? '' })
            : t('alarms.clearedByData', { at: formatMoment(alarm.cleared.at) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The alarms' columns, built when the page renders (its language). On a phone each alarm is a
 * card: its severity and node on top with the history link and the decisions, what happened and
 * when below, its state a tap away (data-table/phone-cards.tsx).
 */
export function alarmColumns({
  historyHref,
  onDecide,
}: {
  historyHref: (alarm: Alarm) => string;
  onDecide: (alarm: Alarm, action: 'acknowledge' | 'clear') => void;
}): DataColumn<Alarm>[] {
  return [
    {
      header: t('alarms.column.severity'),
      track: '110px',
      minWidth: 110,
      phone: 'title',
      cell: (alarm) => (
        <Badge color={severityColor[alarm.severity]}>
          {t(`alarms.severity.${alarm.severity}` as MessageId)}
        </Badge>
      ),
    },
    {
      header: t('alarms.column.node'),
      track: 'minmax(120px, 1fr)',
      minWidth: 120,
      wrap: true,
      phone: 'title',
      cell: (alarm) => (
        <>
          <Text size="sm" fw="inherit" span>
            {alarm.nodeName}
          </Text>{' '}
          <Text size="xs" c="dimmed" span>
            {alarm.tenant}
          </Text>
        </>
      ),
    },
    {
      header: t('alarms.column.what'),
      track: 'minmax(200px, 2fr)',
      minWidth: 200,
      wrap: true,
      phone: 'main',
      cell: (alarm) => describeAlarm(alarm),
    },
    {
      header: t('alarms.column.raised'),
      track: '170px',
      minWidth: 170,
      wrap: true,
      phone: 'main',
      cell: (alarm) => formatMoment(alarm.raisedAt),
    },
    {
      header: t('alarms.column.state'),
      track: 'minmax(140px, 1fr)',
      minWidth: 140,
      wrap: true,
      phone: 'more',
      cell: (alarm) => <StateCell alarm={alarm} />,
    },
    {
      header: t('alarms.column.actions'),
      track: '260px',
      minWidth: 260,
      phone: 'action',
      cell: (alarm) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={historyHref(alarm)} size="sm">
            {t('alarms.history')}
          </Anchor>
          {alarm.state === 'raised' && (
            <Button size="compact-sm" onClick={() => onDecide(alarm, 'acknowledge')}>
              {t('alarms.acknowledge')}
            </Button>
          )}
          {alarm.state !== 'cleared' && (
            <Button size="compact-sm" variant="default" onClick={() => onDecide(alarm, 'clear')}>
              {t('alarms.clear')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
