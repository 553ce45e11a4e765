import {
  Button,
  CloseButton,
  EmptyState,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { FILTER_MAX_LENGTH } from '../../../contract/limits.ts';
import { channelListQuery } from '../../api/channels.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import {
  channelListColumns,
  tenantsIn,
  withTenantColumn,
} from '../../components/channel-table/channel-columns.tsx';
import { ChannelTable, type ChannelColumn } from '../../components/channel-table/channel-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { t, type MessageId } from '../../i18n/i18n.ts';
import { filterChannels, indexChannels, parseChannelType } from '../../lib/channel-filter.ts';
import { paths } from '../../lib/paths.ts';

const typeOptions: readonly { value: string; label: MessageId }[] = [
  { value: 'ALL', label: 'channels.type.all' },
  { value: 'NODE', label: 'channels.type.nodes' },
  { value: 'SENSOR', label: 'channels.type.sensors' },
  { value: 'GATEWAY', label: 'channels.type.gateways' },
  { value: 'GROUP', label: 'channels.type.groups' },
];

export function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const channelType = parseChannelType(params.get('type'));
  const filter = params.get('q')?.trim() || undefined;
  void context.get(queryClientContext).prefetchQuery(channelListQuery({ channelType, filter }));
  return null;
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const channelType = parseChannelType(params.get('type'));
  const text = params.get('q') ?? '';
  const tenant = params.get('tenant') ?? '';

  // Instant: the page filters what it has on every keystroke. Then the cloud's own `filter`
  // narrows the listing itself, so a huge fleet is not sent whole for a precise search.
  const instantText = useDeferredValue(text);
  const [serverFilter] = useDebouncedValue(text.trim(), 400);
  const query = useQuery({
    ...channelListQuery({ channelType, filter: serverFilter || undefined }),
    placeholderData: keepPreviousData,
  });
  const tenants = useMemo(() => tenantsIn(query.data ?? []), [query.data]);
  const index = useMemo(() => indexChannels(query.data ?? []), [query.data]);
  const rows = useMemo(() => {
    const named = filterChannels(index, instantText);
    return tenant === '' ? named : named.filter((channel) => channel.tenant === tenant);
  }, [index, instantText, tenant]);
  const columns = useMemo(
    () => withTenantColumn(channelListColumns, query.data ?? []),
    [query.data],
  );

  const update = (key: 'type' | 'q' | 'tenant', value: string | undefined) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  };

  const searching = query.isFetching && query.isPlaceholderData;
  const narrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });

  return (
    <Stack gap="md">
      <PageHeader title={t('channels.title')} description={t('channels.description')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          // Five kinds do not fit side by side on a phone ("Groepen" was cut off at 360 px).
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth={narrow}
          aria-label={t('channels.type')}
          data={typeOptions.map((option) => ({ ...option, label: t(option.label) }))}
          value={channelType ?? 'ALL'}
          onChange={(value) => update('type', value === 'ALL' ? undefined : value)}
        />
        <TextInput
          label={t('channels.filter')}
          placeholder={t('channels.filter.example')}
          value={text}
          maxLength={FILTER_MAX_LENGTH}
          onChange={(event) => update('q', event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
          rightSection={
            searching ? (
              <Loader size="xs" aria-label={t('channels.asking')} />
            ) : text !== '' ? (
              <CloseButton
                aria-label={t('channels.clearFilter')}
                onClick={() => update('q', undefined)}
              />
            ) : null
          }
        />
        {(tenants.length > 1 || tenant !== '') && (
          <NativeSelect
            label={t('common.tenant')}
            value={tenant}
            onChange={(event) => update('tenant', event.currentTarget.value)}
            data={[
              { value: '', label: t('channels.allTenants') },
              ...tenants.map((name) => ({ value: name, label: name })),
            ]}
          />
        )}
      </Group>
      <ChannelResults
        query={query}
        rows={rows}
        columns={columns}
        text={instantText}
        onClear={() => {
          update('q', undefined);
          update('tenant', undefined);
        }}
      />
    </Stack>
  );
}

function ChannelResults({
  query,
  rows,
  columns,
  text,
  onClear,
}: {
  query: UseQueryResult<ChannelRecord[]>;
  rows: readonly ChannelRecord[];
  columns: readonly ChannelColumn[];
  text: string;
  onClear: () => void;
}) {
  if (query.isPending) {
    return (
      <Stack gap={6} aria-busy="true" aria-label={t('channels.loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  }
  if (query.isError && query.data === undefined) {
    return (
      <ApiErrorAlert
        error={query.error}
        title={t('channels.notLoaded')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const total = query.data?.length ?? 0;
  if (total === 0 && text.trim() === '') {
    return (
      <EmptyState title={t('channels.none.title')} description={t('channels.none.description')}>
        <Button component={Link} to={paths.nodes.href()} variant="light">
          {t('channels.none.commission')}
        </Button>
      </EmptyState>
    );
  }
  if (rows.length === 0) {
    return (
      <EmptyState
        title={t('channels.noMatch.title')}
        description={
          text.trim() === ''
            ? t('channels.noMatch.tenant')
            : t('channels.noMatch.text', { text: text.trim() })
        }
      >
        <Button variant="light" onClick={onClear}>
          {t('channels.noMatch.clear')}
        </Button>
      </EmptyState>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed" role="status">
        {rows.length === total
          ? t('channels.count', { total })
          : t('channels.countOf', { shown: rows.length, total })}
      </Text>
      <ChannelTable
        channels={rows}
        columns={columns}
        label={t('channels.title')}
        height="max(320px, calc(100dvh - 290px))"
      />
    </Stack>
  );
}
