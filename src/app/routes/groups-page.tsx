import { Anchor, Button, EmptyState, Paper, Skeleton, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { channelListQuery } from '../../api/channels.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { ActiveBadge, PushBadge } from '../../components/channel-badges.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CreateGroupForm } from './create-group-form.tsx';

const groupsFilter = { channelType: 'GROUP' as const };

export function loader({ context }: LoaderFunctionArgs) {
  void context.get(queryClientContext).prefetchQuery(channelListQuery(groupsFilter));
  return null;
}

function GroupList() {
  const { data, isPending, isError, error, refetch } = useQuery(channelListQuery(groupsFilter));
  if (isPending) {
    return (
      <Stack gap={6} aria-busy="true" aria-label="Loading groups">
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (isError) {
    return (
      <ApiErrorAlert
        error={error}
        title="Groups could not be loaded"
        onRetry={() => void refetch()}
      />
    );
  }
  if (data.length === 0) {
    return (
      <EmptyState
        title="No groups yet"
        description="Create a group above, then add nodes and sensors to it to see their data together."
      />
    );
  }
  const sorted = [...data].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table highlightOnHover withTableBorder aria-label="Groups">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Push</Table.Th>
            <Table.Th scope="col">
              <span className="tc-sr-only">Links</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((group) => (
            <Table.Tr key={group.uuid}>
              <Table.Td>
                <Anchor component={Link} to={`/groups/${group.uuid}`} size="sm" fw={500}>
                  {group.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <ActiveBadge active={group.active} />
              </Table.Td>
              <Table.Td>
                <PushBadge pushURL={group.pushURL} />
              </Table.Td>
              <Table.Td>
                <Button
                  component={Link}
                  to={`/channels/${group.uuid}`}
                  variant="subtle"
                  size="xs"
                  aria-label={`Channel page of ${group.name}`}
                >
                  Channel page
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function Component() {
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title="Groups"
        description="Groups gather nodes and sensors so their data can be read together."
      />
      <Paper withBorder p="md">
        <CreateGroupForm />
      </Paper>
      <GroupList />
    </Stack>
  );
}
