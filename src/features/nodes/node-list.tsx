import { Skeleton, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { channelListQuery } from '../../api/channels.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import {
  actionColumn,
  nameColumn,
  serialColumn,
  statusColumn,
  typeColumn,
  withTenantColumn,
} from '../../components/channel-table/channel-columns.tsx';
import { ChannelTable } from '../../components/channel-table/channel-table.tsx';
import { GuardedButton } from '../../components/guarded-button.tsx';
import { filterChannels, indexChannels } from '../../lib/channel-filter.ts';
import { mayOnChannel } from '../../lib/permissions.ts';
import { DecommissionDialog } from './decommission-dialog.tsx';

const SHOWN = 200;
const allChannels = {};

export function NodeList() {
  const permissions = usePermissions();
  const { data, isPending, error, refetch } = useQuery(channelListQuery(allChannels));
  const [text, setText] = useState('');
  const [target, setTarget] = useState<ChannelRecord | null>(null);
  // The dialog is mounted only while open, so it cannot give the focus back itself: the row's
  // button that opened it takes it back, instead of the page's body.
  const opener = useRef<HTMLButtonElement | null>(null);
  const closeDialog = () => {
    setTarget(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const nodes = useMemo(
    () =>
      indexChannels(
        (data ?? []).filter((c) => c.channelType === 'NODE' || c.channelType === 'GATEWAY'),
      ),
    [data],
  );
  const rows = filterChannels(nodes, text);
  const columns = [
    nameColumn(),
    serialColumn(136),
    typeColumn,
    statusColumn,
    actionColumn('Actions', 148, (node) =>
      node.active ? (
        <GuardedButton
          verdict={mayOnChannel(permissions, node, 'DELETE')}
          size="xs"
          variant="subtle"
          color="red"
          aria-label={`Decommission ${node.name}`}
          onClick={(event) => {
            opener.current = event.currentTarget;
            setTarget(node);
          }}
        >
          Decommission…
        </GuardedButton>
      ) : null,
    ),
  ];

  if (isPending) return <Skeleton height={160} />;
  if (data === undefined)
    return (
      <ApiErrorAlert
        error={error}
        title="Nodes could not be loaded"
        onRetry={() => void refetch()}
      />
    );
  return (
    <>
      <TextInput
        label="Find a node"
        placeholder="Name"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maw={360}
        mb="sm"
      />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {nodes.channels.length === 0
            ? 'You have no nodes yet: commission one above.'
            : 'No node of that name.'}
        </Text>
      ) : (
        <ChannelTable
          channels={rows.slice(0, SHOWN)}
          columns={withTenantColumn(columns, nodes.channels)}
          label="Nodes"
        />
      )}
      {rows.length > SHOWN && (
        <Text size="sm" c="dimmed" mt="xs">
          Showing {SHOWN} of {rows.length}; narrow the search to find others.
        </Text>
      )}
      {target && <DecommissionDialog node={target} opened onClose={closeDialog} />}
    </>
  );
}
