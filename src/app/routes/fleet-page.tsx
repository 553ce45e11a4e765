import { Alert, Group, NativeSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { channelListQuery } from '../../api/channels.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useConfig } from '../../config/config-context.ts';
import { formatInstant } from '../../lib/history/format-time.ts';
import { parseInstant } from '../../lib/history/time-range.ts';
import { mayOnExisting } from '../../lib/permissions.ts';
import '../../components/history/mantine-styles.ts';
import { FleetView } from '../../features/fleet-map/fleet-view.tsx';
import { MomentSlider } from '../../features/fleet-map/moment-slider.tsx';
import { useFleetPositions } from '../../features/fleet-map/use-fleet-positions.ts';
import { paths } from '../../lib/paths.ts';

export function loader({ context }: LoaderFunctionArgs) {
  const client = context.get(queryClientContext);
  void client.prefetchQuery(userinfoQuery());
  void client.prefetchQuery(channelListQuery({ channelType: 'GROUP' }));
  return null;
}

function FleetMap() {
  const config = useConfig();
  const [search, setSearch] = useSearchParams();
  const scope = search.get('group') ?? undefined;
  const moment = parseInstant(search.get('at'));
  const fleet = useFleetPositions(scope, moment);
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
  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Group gap="md" wrap="wrap" align="flex-end">
            <NativeSelect
              label="Show"
              value={scope ?? ''}
              onChange={(e) => update('group', e.currentTarget.value || undefined)}
              data={[
                { value: '', label: 'Every node you can reach' },
                ...fleet.groups.map((group) => ({
                  value: group.uuid,
                  label: `Group ${group.name}`,
                })),
              ]}
            />
            <Text size="sm" c="dimmed" role="status">
              {fleet.loading
                ? 'Loading positions…'
                : `${fleet.nodes.length.toLocaleString()} nodes with a position in the 24 hours before ${formatInstant(fleet.at)}` +
                  (moment === undefined && fleet.updatedAt > 0
                    ? ` · updated ${formatInstant(fleet.updatedAt)}, refreshed every minute`
                    : '')}
            </Text>
          </Group>
          <MomentSlider
            moment={moment}
            onMoment={(value) =>
              update('at', value === undefined ? undefined : new Date(value).toISOString())
            }
            now={fleet.now}
          />
        </Stack>
      </Paper>
      {fleet.failures.length > 0 && (
        <Alert color="red" variant="light" title="Some positions are missing">
          {fleet.failures.length} of the requests were refused or failed:{' '}
          {[
            ...new Set(
              fleet.failures.map((f) =>
                f.error instanceof Error ? f.error.message : 'unknown error',
              ),
            ),
          ].join('; ')}
        </Alert>
      )}
      <FleetView
        nodes={fleet.nodes}
        now={fleet.at}
        historyPath={(node) => paths.channelHistory.href(node.nodeUuid)}
        fitKey={scope ?? 'all'}
        tileUrl={config.mapTileUrl}
        attribution={config.mapAttribution}
      />
    </Stack>
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
    <>
      <PageHeader title="Fleet" description="Where your nodes are, or were, on a map." />
      {profile.isPending ? (
        <Skeleton height={480} aria-label="Loading the fleet map" />
      ) : allowed ? (
        <FleetMap />
      ) : (
        <Alert
          color="indigo"
          variant="light"
          title="The fleet map is not available to you"
          role="alert"
        >
          Positions come from the history of nodes and groups, which needs READ on assets.history or
          groups.history. Your account has neither. Ask an administrator of your tenant for a role
          that includes history; the Channels and Groups pages still show what you can reach.
        </Alert>
      )}
    </>
  );
}
