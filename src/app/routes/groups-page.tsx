import { Button, EmptyState, Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { channelListQuery } from '../../api/channels.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import {
  actionColumn,
  nameColumn,
  pushColumn,
  statusColumn,
  withTenantColumn,
} from '../../components/channel-table/channel-columns.tsx';
import { ChannelTable } from '../../components/channel-table/channel-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { t } from '../../i18n/i18n.ts';
import { CreateGroupForm } from '../../features/groups/create-group-form.tsx';
import { paths } from '../../lib/paths.ts';

const groupsFilter = { channelType: 'GROUP' as const };

/** Built when the page renders, so the headers are in the page's language. */
const groupColumns = () => [
  nameColumn((group) => paths.group.href(group.uuid)),
  statusColumn,
  { ...pushColumn, phone: 'main' as const },
  actionColumn(t('groups.links'), 136, (group) => (
    <Button
      component={Link}
      to={paths.channel.href(group.uuid)}
      variant="subtle"
      size="xs"
      aria-label={t('groups.channelPageOf', { name: group.name })}
    >
      {t('groups.channelPage')}
    </Button>
  )),
];

export function loader({ context }: LoaderFunctionArgs) {
  void context.get(queryClientContext).prefetchQuery(channelListQuery(groupsFilter));
  return null;
}

function GroupList() {
  const { data, isPending, error, refetch } = useQuery(channelListQuery(groupsFilter));
  if (isPending) {
    return (
      <Stack gap={6} aria-busy="true" aria-label={t('groups.loading')}>
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (data === undefined) {
    return (
      <ApiErrorAlert error={error} title={t('groups.notLoaded')} onRetry={() => void refetch()} />
    );
  }
  if (data.length === 0) {
    return <EmptyState title={t('groups.none.title')} description={t('groups.none.description')} />;
  }
  return <GroupTable groups={data} />;
}

function GroupTable({ groups }: { groups: readonly ChannelRecord[] }) {
  const sorted = useMemo(() => [...groups].sort((a, b) => a.name.localeCompare(b.name)), [groups]);
  // Groups of several tenants (an admin who also reads another tenant's) say whose each is.
  const shown = useMemo(() => withTenantColumn(groupColumns(), sorted), [sorted]);
  return <ChannelTable channels={sorted} columns={shown} label={t('groups.title')} />;
}

export function Component() {
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={t('groups.title')} description={t('groups.description')} />
      <Paper withBorder p="md">
        <CreateGroupForm />
      </Paper>
      <GroupList />
    </Stack>
  );
}
