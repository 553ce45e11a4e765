import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Alarm, AlarmKind } from '../../../contract/alarms.ts';
import { alarmsQuery, useAlarmDecision, type AlarmStateFilter } from '../../api/alarms.ts';
import { channelListQuery } from '../../api/channels.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { download } from '../../components/download.ts';
import { t, type MessageId } from '../../i18n/i18n.ts';
import { isoInZone } from '../../lib/export/formats.ts';
import { recordsCsv } from '../../lib/export/records-csv.ts';
import { paths } from '../../lib/paths.ts';
import { useLocalAlarms, type LocalAlarms } from '../../lib/alarms/local-alarms-context.ts';
import { alarmColumns } from './alarm-columns.tsx';
import { describeAlarm, formatMoment } from './describe-alarm.ts';

const HOUR = 3_600_000;
const states = ['active', 'raised', 'acknowledged', 'cleared', 'all'] as const;
const kinds = ['all', 'temperature', 'silence', 'place'] as const;
const ALL_GROUPS = 'all';
const alarmKey = (alarm: Alarm) => alarm.id;

/** The node's history around the alarm: an hour before it began to an hour after it ended. */
function historyHref(alarm: Alarm, now: number): string {
  const from = (alarm.excursionStart?.ts ?? alarm.raisedAt) - HOUR;
  const to = Math.min(now, (alarm.cleared?.at ?? now) + HOUR);
  return paths.channelHistory.href(alarm.nodeUuid, { from, to: Math.max(to, from + HOUR) });
}

function Decision({
  alarm,
  action,
  onClose,
  local,
}: {
  alarm: Alarm;
  action: 'acknowledge' | 'clear';
  onClose: () => void;
  /** The console raised it (a cloud without alarms): decided in this browser. */
  local?: LocalAlarms['decide'] | undefined;
}) {
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const decision = useAlarmDecision(action);
  const submit = () => {
    if (action === 'clear' && comment.trim() === '') {
      setMissing(true);
      return;
    }
    if (local) {
      local(alarm.id, action, comment.trim());
      onClose();
      return;
    }
    decision.mutate({ id: alarm.id, comment: comment.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(action === 'clear' ? 'alarms.clearTitle' : 'alarms.acknowledgeTitle', {
        node: alarm.nodeName,
      })}
    >
      <Stack>
        <Text size="sm">{describeAlarm(alarm)}</Text>
        <Textarea
          label={t('alarms.comment')}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? t('alarms.commentRequired') : undefined}
          maxLength={1000}
          autosize
          minRows={2}
          data-autofocus
        />
        {decision.error && <ApiErrorAlert error={decision.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('alarms.cancel')}
          </Button>
          <Button onClick={submit} loading={decision.isPending}>
            {t('alarms.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** CSV columns: field names as the API names them (not words, so not translated). */
const csvColumns = {
  id: (a: Alarm) => a.id,
  kind: (a: Alarm) => a.kind,
  severity: (a: Alarm) => a.severity,
  state: (a: Alarm) => a.state,
  tenant: (a: Alarm) => a.tenant,
  nodeName: (a: Alarm) => a.nodeName,
  channelName: (a: Alarm) => a.channelName,
  // The header says the zone (docs/i18n.md, "Dates and times").
  'raisedAt (UTC)': (a: Alarm) => isoInZone(a.raisedAt, 'UTC'),
  value: (a: Alarm) => a.raisedBy?.value,
  peak: (a: Alarm) => a.peak?.value,
  min: (a: Alarm) => a.limits?.min,
  max: (a: Alarm) => a.limits?.max,
  acknowledgedBy: (a: Alarm) => a.acknowledged?.by,
  acknowledgedComment: (a: Alarm) => a.acknowledged?.comment,
  'clearedAt (UTC)': (a: Alarm) => (a.cleared ? isoInZone(a.cleared.at, 'UTC') : undefined),
  clearedBy: (a: Alarm) => a.cleared?.by,
  clearedComment: (a: Alarm) => a.cleared?.comment,
};

const csvOf = (alarms: readonly Alarm[]): Blob =>
  recordsCsv<Alarm>(
    Object.entries(csvColumns).map(([header, value]) => ({ header, value })),
    alarms,
  );

/** The console's own alarms filtered as the cloud would filter its own. */
function filterLocal(
  alarms: readonly Alarm[],
  state: AlarmStateFilter | undefined,
  kind: AlarmKind | undefined,
): Alarm[] {
  return alarms.filter(
    (alarm) =>
      (kind === undefined || alarm.kind === kind) &&
      (state === undefined ||
        (state === 'active' ? alarm.state !== 'cleared' : alarm.state === state)),
  );
}

/** What the console says of alarms it raises itself: only while open, decided in this browser. */
function LocalNotice({ local }: { local: LocalAlarms }) {
  return (
    <Alert color="indigo" variant="light" title={t('alarms.local.title')} role="note">
      <Text size="sm">{t('alarms.local.body')}</Text>
      <Text size="sm" mt={4}>
        {!local.ready
          ? t('alarms.local.starting')
          : local.watched === 0
            ? t('alarms.local.nothing')
            : t('alarms.local.watching', {
                count: local.watched,
                since: formatMoment(local.since),
              })}
      </Text>
      {local.failures.length > 0 && (
        <Text size="sm" mt={4}>
          {t('alarms.local.failures', { failures: local.failures.join(' ') })}
        </Text>
      )}
    </Alert>
  );
}

/** The Alarms page's body: filters, the newest alarms, and what a person decides on them. */
export function AlarmsPanel({ offered }: { offered: boolean }) {
  const local = useLocalAlarms();
  const [state, setState] = useState<(typeof states)[number]>('active');
  const [kind, setKind] = useState<(typeof kinds)[number]>('all');
  const [group, setGroup] = useState(ALL_GROUPS);
  const groups = useQuery({ ...channelListQuery({ channelType: 'GROUP' }), enabled: offered });
  const watched = !offered ? local : undefined;
  const [deciding, setDeciding] = useState<{ alarm: Alarm; action: 'acknowledge' | 'clear' }>();
  // Links reach an hour past an alarm's end, up to when the page opened.
  const [now] = useState(() => Date.now());
  const [notifying, setNotifying] = useState(
    typeof Notification !== 'undefined' && Notification.permission === 'granted',
  );
  const filters = {
    state: state === 'all' ? undefined : (state as AlarmStateFilter),
    kind: kind === 'all' ? undefined : (kind as AlarmKind),
    channel: group === ALL_GROUPS ? undefined : group,
  };
  const cloud = useQuery({ ...alarmsQuery(filters), enabled: offered });
  const { error } = cloud;
  const data = watched
    ? { alarms: filterLocal(watched.alarms, filters.state, filters.kind) }
    : cloud.data;
  const isPending = watched ? !watched.ready : cloud.isPending;
  const columns = alarmColumns({
    historyHref: (alarm) => historyHref(alarm, now),
    onDecide: (alarm, action) => setDeciding({ alarm, action }),
  });
  if (!offered && !watched) return <Alert color="yellow">{t('alarms.notOffered')}</Alert>;
  return (
    <Stack>
      {watched && <LocalNotice local={watched} />}
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('alarms.filter.state')}
          data={states.map((value) => ({ value, label: t(`alarms.state.${value}` as MessageId) }))}
          value={state}
          onChange={(value) => setState((value ?? 'active') as (typeof states)[number])}
          allowDeselect={false}
          w={180}
        />
        <Select
          label={t('alarms.filter.kind')}
          data={kinds.map((value) => ({ value, label: t(`alarms.kind.${value}` as MessageId) }))}
          value={kind}
          onChange={(value) => setKind((value ?? 'all') as (typeof kinds)[number])}
          allowDeselect={false}
          w={180}
        />
        {!watched && (
          <Select
            label={t('alarms.filter.group')}
            data={[
              { value: ALL_GROUPS, label: t('alarms.group.all') },
              ...(groups.data ?? []).map((g) => ({ value: g.uuid, label: g.name })),
            ]}
            value={group}
            onChange={(value) => setGroup(value ?? ALL_GROUPS)}
            allowDeselect={false}
            searchable
            w={220}
          />
        )}
        <Button
          variant="default"
          disabled={!data || data.alarms.length === 0}
          onClick={() => data && download(csvOf(data.alarms), 'alarms.csv')}
        >
          {t('alarms.csv')}
        </Button>
        {typeof Notification !== 'undefined' && (
          <Button
            variant="subtle"
            disabled={notifying}
            onClick={() =>
              void Notification.requestPermission().then((answer) =>
                setNotifying(answer === 'granted'),
              )
            }
          >
            {t(notifying ? 'alarms.notifying' : 'alarms.notify')}
          </Button>
        )}
      </Group>
      {error && <ApiErrorAlert error={error} />}
      {!isPending && data?.alarms.length === 0 && <Text c="dimmed">{t('alarms.none')}</Text>}
      {data && data.alarms.length > 0 && (
        <DataTable
          rows={data.alarms}
          columns={columns}
          label={t('alarms.title')}
          rowKey={alarmKey}
          rowHeight={52}
        />
      )}
      {deciding && (
        <Decision
          alarm={deciding.alarm}
          action={deciding.action}
          onClose={() => setDeciding(undefined)}
          local={watched?.decide}
        />
      )}
    </Stack>
  );
}
