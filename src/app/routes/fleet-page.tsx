import { Alert, Button, Group, List, NativeSelect, Progress, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { readPlaces } from '../../../contract/named-places.ts';
import { channelListQuery } from '../../api/channels.ts';
import { extensionsQuery } from '../../api/extensions.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { LiveBadge, liveSentence } from '../../components/live-badge.tsx';
import { LoadingBlock } from '../../components/loading-block.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useConfig } from '../../config/config-context.ts';
import { t } from '../../i18n/i18n.ts';
import { formatInstant } from '../../lib/history/format-time.ts';
import { timesInWords } from '../../components/times-in.tsx';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { silenceWords } from '../../features/fleet-map/fleet-words.ts';
import { parseInstant } from '../../lib/history/time-range.ts';
import { mayOnExisting } from '../../lib/permissions.ts';
import { DEFAULT_SILENT_MINUTES, silentChoices } from '../../lib/live/node-state.ts';
import '../../components/history/mantine-styles.ts';
import { FleetView } from '../../features/fleet-map/fleet-view.tsx';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import { useAlarmedNodes } from '../../features/fleet-map/use-alarmed-nodes.ts';
import { MomentSlider } from '../../features/fleet-map/moment-slider.tsx';
import styles from '../../features/fleet-map/fleet.module.css';
import {
  REFRESH_MS,
  useFleetPositions,
  type FleetPositions,
} from '../../features/fleet-map/use-fleet-positions.ts';
import { paths } from '../../lib/paths.ts';

export function loader({ context }: LoaderFunctionArgs) {
  const client = context.get(queryClientContext);
  void client.prefetchQuery(userinfoQuery());
  void client.prefetchQuery(extensionsQuery());
  void client.prefetchQuery(channelListQuery({ channelType: 'GROUP' }));
  return null;
}

function statusText(fleet: FleetPositions, now: number): string {
  if (fleet.progress) {
    const { done, total } = fleet.progress;
    return fleet.settled
      ? t('fleetMap.status.refreshing', { done, total })
      : t('fleetMap.status.loadingProgress', { done, total });
  }
  if (fleet.loading) return t('fleetMap.status.loading');
  // Live, the positions are as of now; otherwise as of the answer (or the slider's moment).
  const at = fleet.live.kind === 'live' ? now : fleet.at;
  // The page's one mention of the time zone: the slider and the popups say times without it.
  return [
    t('fleetMap.status.count', { count: fleet.nodes.length, at: formatInstant(at) }),
    timesInWords(at),
    ...(fleet.live.kind === 'past' ? [] : [liveSentence(fleet.live)]),
  ].join(' · ');
}

const historyPath = (node: FleetNode, range?: TimeSpan) =>
  paths.channelHistory.href(node.nodeUuid, range);

/** What the map leaves out, said quietly: a permission the person lacks is not an error. */
function NotShown({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <Alert color="gray" variant="light" title={t('fleetMap.notShown')} py="xs" role="note">
      <List size="sm" spacing={2}>
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * The wall clock: every second while the map is live ("last seen" counts up, states change),
 * every minute otherwise (the slider's right end is "now").
 */
function useClock(everySecond: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everySecond ? 1_000 : REFRESH_MS);
    return () => clearInterval(timer);
  }, [everySecond]);
  return now;
}

const silentMinutes = (text: string | null) =>
  silentChoices.find((choice) => String(choice.minutes) === text)?.minutes ??
  DEFAULT_SILENT_MINUTES;

function FleetMap({
  fleet,
  scope,
  moment,
}: {
  fleet: FleetPositions;
  scope?: string;
  moment?: number;
}) {
  const config = useConfig();
  const now = useClock(moment === undefined);
  const groups = useQuery(channelListQuery({ channelType: 'GROUP' }));
  const places = useMemo(
    () =>
      (groups.data ?? [])
        .filter((group) => scope === undefined || group.uuid === scope)
        .flatMap((group) => readPlaces(group.properties)),
    [groups.data, scope],
  );
  // Alarms are of now: a past moment of the slider shows none rather than today's.
  const alarmed = useAlarmedNodes(scope);
  const [search, setSearch] = useSearchParams();
  const silentAfter = silentMinutes(search.get('silent'));
  const update = (key: string, value: string | undefined) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === undefined) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'at' },
    );
  const failures = [...new Set(fleet.failures)];
  const controls = (
    <>
      <Group gap="md" wrap="wrap" align="flex-end">
        <NativeSelect
          label={t('fleetMap.show')}
          value={scope ?? ''}
          onChange={(e) => update('group', e.currentTarget.value || undefined)}
          classNames={{ input: styles.tapInput }}
          data={[
            { value: '', label: t('fleetMap.show.all') },
            ...fleet.groups.map((group) => ({
              value: group.uuid,
              label: group.readable
                ? t('fleetMap.show.group', { name: group.name })
                : t('fleetMap.show.groupNoAccess', { name: group.name }),
              disabled: !group.readable && group.uuid !== scope,
            })),
          ]}
        />
        <NativeSelect
          label={t('fleetMap.silentAfter')}
          value={String(silentAfter)}
          classNames={{ input: styles.tapInput }}
          onChange={(e) =>
            update(
              'silent',
              e.currentTarget.value === String(DEFAULT_SILENT_MINUTES)
                ? undefined
                : e.currentTarget.value,
            )
          }
          data={silentChoices.map((choice) => ({
            value: String(choice.minutes),
            label: silenceWords(choice.minutes),
          }))}
        />
        <div style={{ flex: '1 1 420px' }}>
          <MomentSlider
            moment={moment}
            onMoment={(value) =>
              update('at', value === undefined ? undefined : new Date(value).toISOString())
            }
            now={now}
          />
        </div>
      </Group>
      <Text size="sm" c="dimmed" role="status" mt={6}>
        {statusText(fleet, now)}
      </Text>
      {fleet.progress && (
        <Progress
          mt={4}
          size="sm"
          value={(fleet.progress.done / Math.max(1, fleet.progress.total)) * 100}
          aria-label={t('fleetMap.positionsLoaded')}
        />
      )}
    </>
  );
  const notes = (
    <>
      <NotShown lines={fleet.hidden} />
      {failures.length > 0 && (
        <Alert color="orange" variant="light" title={t('fleetMap.failures.title')} py="xs">
          <Text size="sm">{t('fleetMap.failures.body', { failures: failures.join(' ') })}</Text>
        </Alert>
      )}
    </>
  );
  return (
    <FleetView
      controls={controls}
      notes={notes}
      nodes={fleet.nodes}
      now={moment === undefined ? now : fleet.at}
      live={moment === undefined}
      silentAfterMs={silentAfter * 60_000}
      historyPath={historyPath}
      fitKey={scope ?? 'all'}
      settled={fleet.settled}
      tileUrl={config.mapTileUrl}
      attribution={config.mapAttribution}
      alarmed={moment === undefined ? alarmed : undefined}
      places={places}
    />
  );
}

/** /fleet?group=…&at=… — where the nodes are, or were at a past moment. */
export function Component() {
  const profile = useQuery(userinfoQuery());
  const permissions = profile.data?.permissions ?? {};
  const allowed =
    mayOnExisting(permissions, 'assets.history', 'READ').allowed ||
    mayOnExisting(permissions, 'groups.history', 'READ').allowed;
  return (
    <div className={styles.page}>
      {profile.isPending ? (
        <>
          <PageHeader title={t('fleetMap.title')} description={t('fleetMap.description')} />
          <LoadingBlock height={480} label={t('fleetMap.loadingMap')} />
        </>
      ) : profile.data === undefined ? (
        <>
          <PageHeader title={t('fleetMap.title')} description={t('fleetMap.description')} />
          {/* Not "you may not": what failed is reading the permissions (issue 21). */}
          <ApiErrorAlert
            error={profile.error}
            title={t('fleetMap.permissionsUnread')}
            onRetry={() => void profile.refetch()}
          />
        </>
      ) : allowed ? (
        <LiveFleet />
      ) : (
        <>
          <PageHeader title={t('fleetMap.title')} description={t('fleetMap.description')} />
          <Alert color="indigo" variant="light" title={t('fleetMap.unavailable.title')} role="note">
            <Text size="sm">{t('fleetMap.unavailable.body')}</Text>
            <Group gap="xs" mt="sm">
              <Button component={Link} to={paths.channels.href()} size="xs">
                {t('fleetMap.yourChannels')}
              </Button>
              <Button component={Link} to={paths.permissions.href()} size="xs" variant="default">
                {t('fleetMap.whatYouMayDo')}
              </Button>
            </Group>
          </Alert>
        </>
      )}
    </div>
  );
}

/** The header says whether the map moves by itself; the map below follows one stream. */
function LiveFleet() {
  const [search] = useSearchParams();
  const scope = search.get('group') ?? undefined;
  const moment = parseInstant(search.get('at'));
  const fleet = useFleetPositions(scope, moment);
  return (
    <>
      <PageHeader
        title={t('fleetMap.title')}
        description={t('fleetMap.description')}
        badges={<LiveBadge mode={fleet.live} />}
      />
      <FleetMap fleet={fleet} scope={scope} moment={moment} />
    </>
  );
}
