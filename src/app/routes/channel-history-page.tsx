import { useCallback, useEffect, useMemo, useState } from 'react';
import { Anchor, Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { channelQuery } from '../../api/channels.ts';
import { isApiError } from '../../api/errors.ts';
import { historyKeys, historyQuery } from '../../api/history.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { ChannelTypeBadge } from '../../components/channel-badges.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useConfig } from '../../config/config-context.ts';
import { fetchSpan } from '../../lib/history/fetch-span.ts';
import type { PieceLoader } from '../../lib/history/load-pieces.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import {
  namedRange,
  presetRange,
  rangeFromSearch,
  rangeToSearch,
} from '../../lib/history/time-range.ts';
import { mayOnChannel } from '../../lib/permissions.ts';
import { HistoryView } from '../../features/history/history-view.tsx';
import '../../components/history/mantine-styles.ts';
import { NoHistoryAccess } from '../../features/history/no-history-access.tsx';
import { RangePicker } from '../../features/history/range-picker.tsx';
import { useRangeHistory } from '../../features/history/use-range-history.ts';
import { paths } from '../../lib/paths.ts';

export function loader({ params, context }: LoaderFunctionArgs) {
  const client = context.get(queryClientContext);
  if (params.channelUuid) void client.prefetchQuery(channelQuery(params.channelUuid));
  void client.prefetchQuery(userinfoQuery());
  return null;
}

/** What an incomplete link means, at the moment it is opened; the last day when it is unreadable. */
function rangeFromSearchOrDay(search: URLSearchParams): TimeSpan {
  const now = Date.now();
  const filled = rangeFromSearch(search, now);
  return filled.ok ? filled.range : presetRange('24h', now);
}

const historyOf: Record<ChannelRecord['channelType'], string> = {
  NODE: 'nodes and their sensors',
  SENSOR: 'sensors',
  GATEWAY: 'gateways',
  GROUP: 'groups',
};

function RangeHistoryView({ channel, range }: { channel: ChannelRecord; range: TimeSpan }) {
  const client = useQueryClient();
  const config = useConfig();
  const [, setSearch] = useSearchParams();
  const channelUuid = channel.uuid;
  // Each page goes through the query cache: a piece already fetched (shown before, or exported)
  // is never asked for again, which is what lets a failed range resume where it stopped.
  const loadPiece = useCallback<PieceLoader>(
    (span, signal) =>
      fetchSpan(span, (page) => client.fetchQuery(historyQuery({ channelUuid, ...page })), signal),
    [client, channelUuid],
  );
  const cancelRequests = useCallback(
    () => void client.cancelQueries({ queryKey: historyKeys.channel(channelUuid) }),
    [client, channelUuid],
  );
  const key = `${channelUuid}|${range.from}|${range.to}`;
  const history = useRangeHistory(key, range, loadPiece, cancelRequests);
  return (
    <Stack gap="md">
      <RangePicker
        range={range}
        onChange={(next) => setSearch(rangeToSearch(next))}
        now={Date.now}
      />
      <HistoryView
        key={key}
        channelName={channel.name}
        range={range}
        history={history}
        loadPiece={loadPiece}
        tileUrl={config.mapTileUrl}
        attribution={config.mapAttribution}
      />
    </Stack>
  );
}

/** /channels/:channelUuid/history?from=…&to=… — charts, tracks and raw data of any range. */
export function Component() {
  const { channelUuid = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const parsed = useMemo(() => namedRange(search), [search]);
  const channel = useQuery(channelQuery(channelUuid));
  const profile = useQuery(userinfoQuery());
  const [opened] = useState(Date.now);

  // A link without a full range means up to now (by default the last 24 hours); the URL then names
  // the instants, so it shows a colleague the same data.
  useEffect(() => {
    if (parsed === undefined)
      setSearch(rangeToSearch(rangeFromSearchOrDay(search)), { replace: true });
  }, [parsed, search, setSearch]);

  if (channel.isPending || profile.isPending) {
    return (
      <Stack aria-busy="true" aria-label="Loading history">
        <Skeleton height={36} width="40%" />
        <Skeleton height={280} />
      </Stack>
    );
  }
  if (channel.data === undefined) {
    return (
      <ApiErrorAlert
        error={channel.error}
        title={
          isApiError(channel.error, 404) ? 'No such channel' : 'This channel could not be loaded'
        }
        onRetry={() => void channel.refetch()}
      />
    );
  }
  const record = channel.data;
  const verdict = mayOnChannel(profile.data?.permissions ?? {}, record, 'READ', { history: true });
  return (
    <Stack gap="md" maw={1400}>
      <PageHeader
        title={`History of ${record.name}`}
        badges={<ChannelTypeBadge type={record.channelType} />}
        actions={
          <Anchor component={Link} to={paths.channel.href(record.uuid)}>
            Channel details
          </Anchor>
        }
      />
      {!verdict.allowed ? (
        <NoHistoryAccess
          what={historyOf[record.channelType]}
          needs={verdict.reason.replace(/^needs /, '')}
        />
      ) : parsed === undefined ? (
        <Skeleton height={280} aria-label="Loading history" />
      ) : !parsed.ok ? (
        <>
          <ApiErrorAlert error={new Error(parsed.reason)} title="This link names no valid range" />
          <RangePicker
            range={presetRange('24h', opened)}
            onChange={(next) => setSearch(rangeToSearch(next))}
            now={Date.now}
          />
        </>
      ) : (
        <RangeHistoryView channel={record} range={parsed.range} />
      )}
    </Stack>
  );
}
