import {
  Alert,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  Progress,
  Skeleton,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { channelListQuery } from '../../api/channels.ts';
import { extensionsQuery } from '../../api/extensions.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { LiveBadge, liveSentence } from '../../components/live-badge.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useConfig } from '../../config/config-context.ts';
import { formatInstantWithZone } from '../../lib/history/format-time.ts';
import { parseInstant } from '../../lib/history/time-range.ts';
import { mayOnExisting } from '../../lib/permissions.ts';
import { DEFAULT_SILENT_MINUTES, silentChoices } from '../../lib/live/node-state.ts';
import '../../components/history/mantine-styles.ts';
import { FleetView } from '../../features/fleet-map/fleet-view.tsx';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
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
    const what = `${done.toLocaleString()} of ${total.toLocaleString()} requests answered`;
    return fleet.settled ? `Refreshing: ${what}` : `Loading positions: ${what}`;
  }
  if (fleet.loading) return 'Loading positions…';
  const count = fleet.nodes.length;
  // Live, the positions are as of now; otherwise as of the answer (or the slider's moment).
  const at = fleet.live.kind === 'live' ? now : fleet.at;
  return (
    `${count.toLocaleString()} ${count === 1 ? 'node' : 'nodes'} with a position in the 24 hours ` +
    `before ${formatInstantWithZone(at)}` +
    (fleet.live.kind === 'past' ? '' : ` · ${liveSentence(fleet.live)}`)
  );
}

const historyPath = (node: FleetNode) => paths.channelHistory.href(node.nodeUuid);

/** What the map leaves out, said quietly: a permission the person lacks is not an error. */
function NotShown({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <Alert color="gray" variant="light" title="Not on the map" py="xs" role="note">
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
  return (
    <>
      <Paper withBorder p="sm">
        <Group gap="md" wrap="wrap" align="flex-end">
          <NativeSelect
            label="Show"
            value={scope ?? ''}
            onChange={(e) => update('group', e.currentTarget.value || undefined)}
            data={[
              { value: '', label: 'Every node you can reach' },
              ...fleet.groups.map((group) => ({
                value: group.uuid,
                label: group.readable
                  ? `Group ${group.name}`
                  : `Group ${group.name} (no access to its history)`,
                disabled: !group.readable && group.uuid !== scope,
              })),
            ]}
          />
          <NativeSelect
            label="Silent after"
            value={String(silentAfter)}
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
              label: choice.label,
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
            aria-label="Positions loaded"
          />
        )}
      </Paper>
      <NotShown lines={fleet.hidden} />
      {failures.length > 0 && (
        <Alert color="orange" variant="light" title="Some positions could not be loaded" py="xs">
          <Text size="sm">
            {failures.join(' ')} The map shows what did arrive; the next refresh tries again.
          </Text>
        </Alert>
      )}
      <FleetView
        nodes={fleet.nodes}
        now={moment === undefined ? now : fleet.at}
        silentAfterMs={silentAfter * 60_000}
        historyPath={historyPath}
        fitKey={scope ?? 'all'}
        settled={fleet.settled}
        tileUrl={config.mapTileUrl}
        attribution={config.mapAttribution}
      />
    </>
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
          <PageHeader title="Fleet" description="Where your nodes are, or were, on a map." />
          <Skeleton height={480} aria-label="Loading the fleet map" />
        </>
      ) : profile.data === undefined ? (
        <>
          <PageHeader title="Fleet" description="Where your nodes are, or were, on a map." />
          {/* Not "you may not": what failed is reading the permissions (issue 21). */}
          <ApiErrorAlert
            error={profile.error}
            title="Your permissions could not be read"
            onRetry={() => void profile.refetch()}
          />
        </>
      ) : allowed ? (
        <LiveFleet />
      ) : (
        <>
          <PageHeader title="Fleet" description="Where your nodes are, or were, on a map." />
          <Alert
            color="indigo"
            variant="light"
            title="The fleet map is not available to you"
            role="note"
          >
            <Text size="sm">
              Positions come from the history of nodes and groups, which needs READ on
              assets.history or groups.history. Your account has neither. Ask an administrator of
              your tenant for a role that includes history; meanwhile your channels and groups show
              what you can reach.
            </Text>
            <Group gap="xs" mt="sm">
              <Button component={Link} to={paths.channels.href()} size="xs">
                Your channels
              </Button>
              <Button component={Link} to={paths.permissions.href()} size="xs" variant="default">
                What you may do
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
        title="Fleet"
        description="Where your nodes are, or were, on a map."
        badges={<LiveBadge mode={fleet.live} />}
      />
      <FleetMap fleet={fleet} scope={scope} moment={moment} />
    </>
  );
}
