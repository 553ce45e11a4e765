import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { cachedChannelName, channelQuery } from '../../api/channels.ts';
import { isApiError, retryCanHelp } from '../../api/errors.ts';
import { cachedNodeName } from '../../api/positions.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { ChannelTypeBadge } from '../../components/channel-badges.tsx';
import { LoadingBlock } from '../../components/loading-block.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { UnreachableChannel } from '../../components/unreachable-channel.tsx';
import '../../components/history/mantine-styles.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import {
  namedRange,
  presetRange,
  rangeFromSearch,
  rangeToSearch,
  type RangePresetId,
} from '../../lib/history/time-range.ts';
import { mayOnChannel } from '../../lib/permissions.ts';
import { paths } from '../../lib/paths.ts';
import { NoHistoryAccess } from '../../features/history/no-history-access.tsx';
import { RangePicker } from '../../features/history/range-picker.tsx';
import { t } from '../../i18n/i18n.ts';

/** Warms what every page over a channel's range reads first. */
export function loader({ params, context }: LoaderFunctionArgs) {
  const client = context.get(queryClientContext);
  if (params.channelUuid) void client.prefetchQuery(channelQuery(params.channelUuid));
  void client.prefetchQuery(userinfoQuery());
  return null;
}

export interface ChannelRangeFrameProps {
  title: (channel: ChannelRecord) => string;
  /** The range a link without one shows: up to the moment it is opened. */
  preset: RangePresetId;
  /** Links beside "Channel details" (to the channel's other range pages). */
  links?: (channel: ChannelRecord, range: TimeSpan | undefined) => ReactNode;
  children: (channel: ChannelRecord, range: TimeSpan) => ReactNode;
}

/**
 * A page over one channel's history in a range (its history, its daily summary): the channel,
 * the permission check (READ on assets.history or groups.history in the channel's tenant; no
 * history asked for without it), the
 * range from the URL, which holds instants so a shared link shows the same data.
 */
export function ChannelRangeFrame({ title, preset, links, children }: ChannelRangeFrameProps) {
  const { channelUuid = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const parsed = useMemo(() => namedRange(search), [search]);
  const channel = useQuery(channelQuery(channelUuid));
  const profile = useQuery(userinfoQuery());
  const queryClient = useQueryClient();
  const [opened] = useState(Date.now);

  // A link without a full range means up to now; the URL then names the instants, so it shows a
  // colleague the same data.
  useEffect(() => {
    if (parsed !== undefined) return;
    const now = Date.now();
    const filled = rangeFromSearch(search, now);
    const range =
      filled.ok && (search.has('from') || search.has('to'))
        ? filled.range
        : presetRange(preset, now);
    setSearch(rangeToSearch(range), { replace: true });
  }, [parsed, search, setSearch, preset]);

  if (channel.isPending || profile.isPending) {
    return (
      <Stack role="status" aria-busy="true" aria-label={t('history.loading')}>
        <Skeleton height={36} width="40%" />
        <Skeleton height={280} />
      </Stack>
    );
  }
  if (channel.data === undefined) {
    // Asking again cannot bring a channel out of reach into it: the page says so, by the name the
    // console saw it under where it did, with the ways back and no Retry.
    const name =
      cachedChannelName(queryClient, channelUuid) ?? cachedNodeName(queryClient, channelUuid);
    if (isApiError(channel.error, 404) || isApiError(channel.error, 400)) {
      return <UnreachableChannel why="missing" name={name} />;
    }
    if (isApiError(channel.error, 403)) return <UnreachableChannel why="forbidden" name={name} />;
    return (
      <ApiErrorAlert
        error={channel.error}
        title={t('history.channelNotLoaded')}
        onRetry={retryCanHelp(channel.error) ? () => void channel.refetch() : undefined}
      />
    );
  }
  const record = channel.data;
  const verdict = mayOnChannel(profile.data?.permissions ?? {}, record, 'READ', { history: true });
  const range = parsed?.ok ? parsed.range : undefined;
  return (
    <Stack gap="md" maw={1400}>
      <PageHeader
        title={title(record)}
        badges={<ChannelTypeBadge type={record.channelType} />}
        actions={
          <Group gap="md">
            {verdict.allowed && links?.(record, range)}
            <Anchor component={Link} to={paths.channel.href(record.uuid)}>
              {t('history.channelDetails')}
            </Anchor>
          </Group>
        }
      />
      {!verdict.allowed ? (
        <NoHistoryAccess reason={verdict.reason} technical={verdict.technical} />
      ) : parsed === undefined ? (
        <LoadingBlock height={280} label={t('history.loading')} />
      ) : !parsed.ok ? (
        <>
          <ApiErrorAlert error={new Error(parsed.reason)} title={t('history.invalidRange')} />
          <RangePicker
            range={presetRange(preset, opened)}
            onChange={(next) => setSearch(rangeToSearch(next))}
            now={Date.now}
          />
        </>
      ) : (
        <Stack gap="md">
          <RangePicker
            range={parsed.range}
            onChange={(next) => setSearch(rangeToSearch(next))}
            now={Date.now}
          />
          {children(record, parsed.range)}
        </Stack>
      )}
    </Stack>
  );
}
