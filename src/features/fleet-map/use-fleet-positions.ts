import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelRecord } from '../../../contract/channel.ts';
import type { LatestPositions } from '../../../contract/positions.ts';
import { recordAlarmChange } from '../../api/alarms.ts';
import { channelListQuery } from '../../api/channels.ts';
import { ApiError } from '../../api/errors.ts';
import { extensionsQuery } from '../../api/extensions.ts';
import { latestPositionsQuery } from '../../api/positions.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { FleetBuilder, type FleetNode } from '../../lib/history/fleet-positions.ts';
import {
  describeHidden,
  historyVerdict,
  type HiddenChannel,
} from '../../lib/history/fleet-requests.ts';
import { refusal as refusedFor, type PermissionMap } from '../../lib/permissions.ts';
import { loadFleetFromHistory, type FleetProgress } from './history-positions.ts';
import type { LiveMode } from '../../api/live-events.ts';
import { useLiveEvents } from '../../api/use-live-events.ts';
import { segment } from '../../api/client.ts';
import { t } from '../../i18n/i18n.ts';

/** How often live positions are asked for again (after the previous answer is complete). */
export const REFRESH_MS = 60_000;

interface FleetGroup {
  uuid: string;
  name: string;
  /** False when the person may not read the group's history: the map cannot show it. */
  readable: boolean;
}

export interface FleetPositions {
  nodes: readonly FleetNode[];
  /** Whether the nodes move as readings arrive (one live stream), and if not, why. */
  live: LiveMode;
  /** The instant the positions are for: now (at the last refresh) or the slider's moment. */
  at: number;
  groups: FleetGroup[];
  /** Nothing to show yet for this scope and moment. */
  loading: boolean;
  /** While positions arrive request by request (a cloud without the extension). */
  progress: { done: number; total: number } | undefined;
  /** The nodes shown are a complete answer for this scope and moment (the map frames them). */
  settled: boolean;
  /** What the map leaves out because the person may not read it, in a person's words. */
  hidden: string[];
  /** Requests that should have worked and did not (network, cloud): the next refresh retries. */
  failures: string[];
  updatedAt: number;
}

const refusal = (error: unknown) =>
  error instanceof ApiError && (error.status === 403 || error.status === 404);

/** The extension's withheld nodes, said like the console's own refusals. */
function withheldLines(answer: LatestPositions | undefined): string[] {
  if (!answer) return [];
  // The cloud withholds what the person may not read: said in their words, not the cloud's.
  return answer.withheld.map(({ tenant, nodes }) =>
    t('fleet.hidden.withheld', {
      count: nodes,
      tenant,
      reason: refusedFor('READ', 'assets.history', [tenant]).reason,
    }),
  );
}

/**
 * Positions from our cloud's latest-positions extension: one request, refreshed every minute
 * unless a live stream moves the nodes (`streaming`).
 */
function useExtensionPositions(
  enabled: boolean,
  scope: string | undefined,
  moment: number | undefined,
  group: ChannelRecord | undefined,
  permissions: PermissionMap,
  streaming: boolean,
) {
  const precheck = scope !== undefined && group ? historyVerdict(permissions, group) : undefined;
  const allowed = precheck?.allowed !== false;
  const query = useQuery({
    ...latestPositionsQuery({ group: scope, to: moment }),
    enabled: enabled && allowed,
    // A refusal would be refused again: it is not asked for at each refresh.
    refetchInterval: (q) =>
      streaming || moment !== undefined || refusal(q.state.error) ? false : REFRESH_MS,
    // Moving the slider keeps the nodes on screen until the new moment's answer is there; another
    // group does not show this one's nodes meanwhile.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1].group === (scope ?? null) ? previous : undefined,
  });
  const nodes = useMemo(() => {
    if (!query.data) return [];
    const builder = new FleetBuilder(query.data.to);
    // The fixes a little before first: each node's newest then has the one before it (motion).
    builder.addLatest(query.data.before);
    builder.addLatest(query.data.nodes);
    return builder.nodes();
  }, [query.data]);
  const hidden: string[] = [];
  if (precheck && !precheck.allowed && group) {
    hidden.push(...describeHidden([{ ...group, reason: precheck.reason }]));
  } else if (query.error && refusal(query.error) && scope !== undefined) {
    hidden.push(...describeHidden([hiddenGroup(scope, group, query.error)]));
  }
  hidden.push(...withheldLines(query.data));
  return {
    nodes,
    at: query.data?.to ?? moment ?? query.dataUpdatedAt,
    loading: allowed && query.isPending,
    settled: !allowed || (query.isSuccess && !query.isPlaceholderData) || refusal(query.error),
    hidden,
    failures: query.isError && !refusal(query.error) ? [query.error.message] : [],
    updatedAt: query.dataUpdatedAt,
    refresh: () => void query.refetch(),
  };
}

function hiddenGroup(scope: string, group: ChannelRecord | undefined, error: Error): HiddenChannel {
  return {
    uuid: scope,
    name: group?.name ?? t('fleet.hidden.chosenGroup'),
    channelType: 'GROUP',
    tenant: group?.tenant,
    reason: error.message,
    byCloud: true,
  };
}

interface HistoryState {
  key: string;
  at: number;
  /** What the map shows: the last complete pass, or the first pass as it arrives. */
  shown: FleetProgress | undefined;
  settled: boolean;
  /** The pass under way, if any. */
  running: { done: number; total: number } | undefined;
  error: string | undefined;
  updatedAt: number;
}

/**
 * Positions from history, for a cloud without the extension: request by request with bounded
 * concurrency, shown as they arrive, stopped when the page is left; live, the next pass starts a
 * minute after the last one ended (unless a live stream moves the nodes: `streaming`).
 */
function useHistoryPositions(
  enabled: boolean,
  scope: string | undefined,
  moment: number | undefined,
  permissions: PermissionMap,
  streaming: boolean,
) {
  const client = useQueryClient();
  const refused = useRef(new Map<string, string>());
  const [pass, setPass] = useState(0);
  const [state, setState] = useState<HistoryState>();
  const key = `${scope ?? ''}|${moment ?? 'now'}`;
  const streamingNow = useEffectEvent(() => streaming);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const at = moment ?? Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // While a live stream moves the nodes, a minute passes without asking history again.
    const next = () => {
      if (streamingNow()) timer = setTimeout(next, REFRESH_MS);
      else setPass((n) => n + 1);
    };
    const update = (progress: FleetProgress, complete: boolean) =>
      setState((previous) => {
        const same = previous?.key === key;
        // A refresh keeps the complete picture on screen until the new one is complete.
        const keep = same && previous.settled && !complete;
        return {
          key,
          at: keep ? previous.at : at,
          shown: keep ? previous.shown : progress,
          settled: keep || complete,
          running: complete ? undefined : { done: progress.done, total: progress.total },
          error: undefined,
          updatedAt: complete ? Date.now() : (previous?.updatedAt ?? 0),
        };
      });
    loadFleetFromHistory({
      client,
      scope,
      at,
      permissions,
      refused: refused.current,
      signal: controller.signal,
      onProgress: (progress) => update(progress, false),
    }).then(
      (progress) => {
        update(progress, true);
        if (moment === undefined) timer = setTimeout(next, REFRESH_MS);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setState((previous) => ({
          key,
          at,
          shown: previous?.key === key ? previous.shown : undefined,
          settled: true,
          running: undefined,
          error: message,
          updatedAt: previous?.updatedAt ?? 0,
        }));
        if (moment === undefined) timer = setTimeout(next, REFRESH_MS);
      },
    );
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [enabled, key, scope, moment, pass, client, permissions]);

  const current = state?.key === key ? state : undefined;
  const shown = current?.shown;
  return {
    nodes: shown?.nodes ?? [],
    at: current?.at ?? moment ?? 0,
    loading: enabled && shown === undefined && current?.error === undefined,
    progress: current?.running,
    settled: current?.settled ?? false,
    hidden: describeHidden(shown?.hidden ?? []),
    failures: [
      ...(shown?.failures ?? []),
      ...(current?.error === undefined ? [] : [current.error]),
    ],
    updatedAt: current?.updatedAt ?? 0,
    refresh: () => setPass((n) => n + 1),
  };
}

/**
 * The fleet's live state, owned here and read top-down: which extensions the cloud offers → ONE
 * live stream (the fleet's, GET /v1/events, or the group's channel stream, which covers its
 * members; never one per node) → the positions, asked for once that stream is open (or cannot
 * be), so that nothing falls between the answer and the stream: through the cloud's
 * latest-positions extension when it offers one, otherwise from history with bounded
 * concurrency → one FleetBuilder that both the positions and the stream feed. Without a stream,
 * or while it is down, the positions are asked for again every minute.
 */
export function useFleetPositions(
  scope: string | undefined,
  moment: number | undefined,
): FleetPositions {
  const permissions = usePermissions();
  const client = useQueryClient();
  const extensions = useQuery(extensionsQuery());
  const groups = useQuery(channelListQuery({ channelType: 'GROUP' }));
  const group = groups.data?.find((candidate) => candidate.uuid === scope);
  const known = extensions.isSuccess;
  const offers = {
    positions: known && extensions.data.latestPositions,
    stream:
      known && (scope === undefined ? extensions.data.fleetEvents : extensions.data.channelEvents),
  };

  // 1. The stream, first. Readings are gathered per animation frame and folded into the builder,
  // which hands back the same object for every node that did not change, so the list re-renders
  // only moved rows; the map re-indexes its clusters at most every 250 ms
  // (components/map/cluster-overlay.ts).
  const path =
    moment === undefined && offers.stream
      ? scope === undefined
        ? '/v1/events'
        : `/v1/channels/${segment(scope)}/events`
      : undefined;
  const key = `${scope ?? ''}|${path ?? ''}`;
  const owner = useMemo(() => ({ key, builder: new FleetBuilder() }), [key]);
  const [streamed, setStreamed] = useState(0);
  const stream = useLiveEvents(path, {
    onBatch: (items) => {
      owner.builder.addHistory(items);
      setStreamed((n) => n + 1);
    },
    // Alarms ride the same stream: the map's red markers and the header's badge follow them.
    onAlarm: (change) => recordAlarmChange(client, change),
    // Reconnecting, the stream replays from its last event; when the cloud could not, the
    // positions are read again (`chosen` is this render's, called after it).
    onOpen: (open) => {
      if (open.missed) chosen.refresh();
    },
  });

  // 2. The positions, once the stream is open or cannot be; not asked again while it is live.
  const waiting = path !== undefined && stream.kind === 'connecting';
  const streaming = path !== undefined && stream.kind === 'live';
  const viaExtension = useExtensionPositions(
    offers.positions && !waiting,
    scope,
    moment,
    group,
    permissions,
    streaming,
  );
  const viaHistory = useHistoryPositions(
    known && !offers.positions && !waiting,
    scope,
    moment,
    permissions,
    streaming,
  );
  const chosen = offers.positions ? viaExtension : viaHistory;

  // 3. What was loaded joins the builder (the newest of each node wins), with what streamed in
  // since: the builder's list holds both, the same array while unchanged.
  const loaded = useMemo(() => {
    if (path !== undefined) owner.builder.addNodes(chosen.nodes);
    return chosen.nodes;
  }, [owner, path, chosen.nodes]);
  const nodes = useMemo(
    () => (path === undefined ? loaded : owner.builder.nodes()),
    // `streamed` counts the batches the stream folded into the builder: its list is new then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [owner, path, loaded, streamed],
  );

  const live: LiveMode = !known
    ? { kind: 'connecting' }
    : moment !== undefined
      ? { kind: 'past' }
      : !offers.stream
        ? { kind: 'unavailable', every: 'minute' }
        : stream;
  const { refresh: _refresh, ...shown } = chosen;
  return {
    ...shown,
    nodes,
    live,
    progress: chosen === viaHistory ? viaHistory.progress : undefined,
    loading: !known || waiting || chosen.loading,
    groups: (groups.data ?? []).map((candidate) => ({
      uuid: candidate.uuid,
      name: candidate.name,
      readable: historyVerdict(permissions, candidate).allowed,
    })),
  };
}
