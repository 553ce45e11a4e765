import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Alarm } from '../../../contract/alarms.ts';
import { alarmPagesQuery, useAlarmDecision, type AlarmFilters } from '../../api/alarms.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { download } from '../../components/download.ts';
import { focusFirstOf } from '../../components/move-focus.ts';
import { t } from '../../i18n/i18n.ts';
import { isoInZone } from '../../lib/export/formats.ts';
import { recordsCsv } from '../../lib/export/records-csv.ts';
import { useLocalAlarms, type LocalAlarms } from '../../lib/alarms/local-alarms-context.ts';
import { afterDecision } from './decision-focus.ts';
import { describeAlarm, formatMoment } from './describe-alarm.ts';
import { ALARM_ROW_HEIGHT, useAlarmColumns, type AlarmAction } from './alarm-columns.tsx';
import { AlarmFilterFields, useAlarmFilters } from './alarm-filters.tsx';

/** Alarms asked for at a time: "Load more" asks for the next page (the API's `next` cursor). */
const PAGE = 100;
const alarmKey = (alarm: Alarm) => alarm.id;

function Decision({
  alarm,
  action,
  onClose,
  onDone,
  local,
}: {
  alarm: Alarm;
  action: 'acknowledge' | 'clear';
  onClose: () => void;
  /** Decided (after the alarm lists were asked again). */
  onDone: () => void;
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
      onDone();
      return;
    }
    decision.mutate({ id: alarm.id, comment: comment.trim() }, { onSuccess: onDone });
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
function filterLocal(alarms: readonly Alarm[], filters: AlarmFilters): Alarm[] {
  const { state, kind, severity, from } = filters;
  return alarms.filter(
    (alarm) =>
      (kind === undefined || alarm.kind === kind) &&
      (severity === undefined || alarm.severity === severity) &&
      (from === undefined || alarm.raisedAt >= from) &&
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

/** The Alarms page's body: filters, every alarm a page at a time, and what a person decides. */
export function AlarmsPanel({ offered }: { offered: boolean }) {
  const local = useLocalAlarms();
  const { filters, controls } = useAlarmFilters();
  const watched = !offered ? local : undefined;
  const [deciding, setDeciding] = useState<{ alarm: Alarm; action: AlarmAction }>();
  // The dialog is mounted only while open, so it cannot give the focus back itself.
  const opener = useRef<HTMLElement | null>(null);
  // Links reach an hour past an alarm's end, up to when the page opened.
  const [now] = useState(() => Date.now());
  const [notifying, setNotifying] = useState(
    typeof Notification !== 'undefined' && Notification.permission === 'granted',
  );
  const cloud = useInfiniteQuery({ ...alarmPagesQuery(filters, PAGE), enabled: offered });
  const { error } = cloud;
  const alarms = watched
    ? filterLocal(watched.alarms, filters)
    : cloud.data?.pages.flatMap((page) => page.alarms);
  const isPending = watched ? !watched.ready : cloud.isPending;
  const decide = useCallback((alarm: Alarm, action: AlarmAction, button: HTMLElement) => {
    opener.current = button;
    setDeciding({ alarm, action });
  }, []);
  const columns = useAlarmColumns(now, decide);
  if (!offered && !watched) return <Alert color="yellow">{t('alarms.notOffered')}</Alert>;
  return (
    <Stack>
      {watched && <LocalNotice local={watched} />}
      <Group align="flex-end" wrap="wrap">
        <AlarmFilterFields controls={controls} groups={!watched} />
        <Button
          variant="default"
          disabled={!alarms || alarms.length === 0}
          onClick={() => alarms && download(csvOf(alarms), 'alarms.csv')}
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
      {!isPending && alarms?.length === 0 && <Text c="dimmed">{t('alarms.none')}</Text>}
      {alarms && alarms.length > 0 && (
        <>
          {/* Its own scroller, rows drawn as they come into view: the page stays a screen tall
              on a phone however many pages are loaded. */}
          <DataTable
            rows={alarms}
            columns={columns}
            label={t('alarms.title')}
            rowKey={alarmKey}
            rowHeight={ALARM_ROW_HEIGHT}
            height="max(320px, 65dvh)"
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed" role="status">
              {t(cloud.hasNextPage ? 'alarms.shownMore' : 'alarms.shownAll', {
                count: alarms.length,
              })}
            </Text>
            {!watched && cloud.hasNextPage && (
              <Button
                variant="default"
                loading={cloud.isFetchingNextPage}
                onClick={() => void cloud.fetchNextPage()}
              >
                {t('alarms.loadMore')}
              </Button>
            )}
          </Group>
        </>
      )}
      {deciding && (
        <Decision
          alarm={deciding.alarm}
          action={deciding.action}
          onClose={() => {
            setDeciding(undefined);
            focusFirstOf(() => [opener.current]);
          }}
          onDone={() => {
            setDeciding(undefined);
            const { current } = opener;
            if (current) focusFirstOf(afterDecision(current, deciding.action));
          }}
          local={watched?.decide}
        />
      )}
    </Stack>
  );
}
