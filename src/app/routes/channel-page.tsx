import { Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { cachedChannelName, channelQuery } from '../../api/channels.ts';
import { ApiError, isApiError, retryCanHelp } from '../../api/errors.ts';
import { cachedNodeName } from '../../api/positions.ts';
import { extensionsQuery } from '../../api/extensions.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { tenantsWith } from '../../lib/permissions.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { TimesIn } from '../../components/times-in.tsx';
import { ChannelChanges } from '../../features/channels/channel-changes.tsx';
import { ChannelDetails, ChannelHeader } from '../../features/channels/channel-details.tsx';
import { ChannelReachPanel } from '../../features/channels/channel-reach-panel.tsx';
import { DecommissionPanel } from '../../features/nodes/decommission-panel.tsx';
import { PropertiesPanel } from '../../features/properties/properties-panel.tsx';
import { ProductPanel } from '../../features/properties/product-panel.tsx';
import { PlacesPanel } from '../../features/properties/places-panel.tsx';
import { PushPanel } from '../../features/push/push-panel.tsx';
import { UnreachableChannel } from '../../components/unreachable-channel.tsx';
import { ChannelNotFound } from './channel-not-found.tsx';
import { t } from '../../i18n/i18n.ts';

export function loader({ params, context }: LoaderFunctionArgs) {
  if (params.channelUuid) {
    void context.get(queryClientContext).prefetchQuery(channelQuery(params.channelUuid));
  }
  return null;
}

/** /channels/:channelUuid — the record, with its properties, push and (for nodes) decommissioning. */
export function Component() {
  const { channelUuid = '' } = useParams();
  const { data: channel, isPending, isError, error, refetch } = useQuery(channelQuery(channelUuid));
  const { data: extensions } = useQuery(extensionsQuery());
  const { data: me } = useQuery(userinfoQuery());
  const queryClient = useQueryClient();
  const may = (objectType: string) =>
    me !== undefined && tenantsWith(me.permissions, objectType, 'READ').length > 0;

  if (isPending) {
    return (
      <Stack aria-busy="true" aria-label={t('channel.loading')}>
        <Skeleton height={36} width="40%" />
        <Skeleton height={160} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  // Once the record is here, a refresh that fails never replaces the page: an open editor and
  // its draft stay, and the page catches up by itself when the cloud answers again.
  if (channel === undefined) {
    const name =
      cachedChannelName(queryClient, channelUuid) ?? cachedNodeName(queryClient, channelUuid);
    if (isApiError(error, 404)) {
      return (
        <ChannelNotFound
          channelUuid={channelUuid}
          otherwise={<UnreachableChannel why="missing" name={name} />}
        />
      );
    }
    if (isApiError(error, 400)) return <UnreachableChannel why="missing" name={name} />;
    if (isApiError(error, 403)) return <UnreachableChannel why="forbidden" name={name} />;
    return (
      <ApiErrorAlert
        error={error}
        title={t('channel.notLoaded')}
        onRetry={retryCanHelp(error) ? () => void refetch() : undefined}
      />
    );
  }
  const isNode = channel.channelType === 'NODE' || channel.channelType === 'GATEWAY';
  return (
    <Stack gap="md" maw={1200}>
      <ChannelHeader
        channel={channel}
        checkAccess={extensions?.people === true && extensions.accessExplainer && may('users')}
      />
      {isError && !(error instanceof ApiError && error.isOutage) && (
        <ApiErrorAlert error={error} title={t('channel.notRefreshed')} />
      )}
      <ChannelDetails channel={channel} />
      <ProductPanel channel={channel} />
      {channel.channelType !== 'SENSOR' && <PlacesPanel channel={channel} />}
      <PropertiesPanel channel={channel} />
      <PushPanel channel={channel} />
      {isNode && channel.active && <DecommissionPanel node={channel} />}
      {extensions?.channelReach && <ChannelReachPanel channelUuid={channel.uuid} />}
      {extensions?.audit && may('audit') && <ChannelChanges channelUuid={channel.uuid} />}
      {/* The page's times (test inbox, deliveries, changes) have no zone of their own (issue 22). */}
      <TimesIn />
    </Stack>
  );
}
