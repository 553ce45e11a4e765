import { Anchor, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { channelListQuery } from '../../api/channels.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { ActiveBadge, ChannelTypeBadge } from '../../components/channel-badges.tsx';
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
  const nodes = useMemo(
    () =>
      indexChannels(
        (data ?? []).filter((c) => c.channelType === 'NODE' || c.channelType === 'GATEWAY'),
      ),
    [data],
  );
  const rows = filterChannels(nodes, text);

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
        <Table.ScrollContainer minWidth={600}>
          <Table withTableBorder highlightOnHover aria-label="Nodes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Serial</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">
                  <span className="tc-sr-only">Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.slice(0, SHOWN).map((node) => (
                <Table.Tr key={node.uuid}>
                  <Table.Td>
                    <Anchor component={Link} to={`/channels/${node.uuid}`} size="sm" fw={500}>
                      {node.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" className="tc-nowrap">
                      {node.reference ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ChannelTypeBadge type={node.channelType} />
                  </Table.Td>
                  <Table.Td>
                    <ActiveBadge active={node.active} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {node.active && (
                      <GuardedButton
                        verdict={mayOnChannel(permissions, node, 'DELETE')}
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Decommission ${node.name}`}
                        onClick={() => setTarget(node)}
                      >
                        Decommission…
                      </GuardedButton>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.length > SHOWN && (
        <Text size="sm" c="dimmed" mt="xs">
          Showing {SHOWN} of {rows.length}; narrow the search to find others.
        </Text>
      )}
      {target && <DecommissionDialog node={target} opened onClose={() => setTarget(null)} />}
    </>
  );
}
