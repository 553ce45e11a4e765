import { notifyDone, notifyFailed } from '../../components/notify.ts';
import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { useRemoveMember } from '../../api/groups.ts';
import { ActiveBadge, ChannelTypeBadge, PushBadge } from '../../components/channel-badges.tsx';
import { GuardedButton } from '../../components/guarded-button.tsx';
import type { Verdict } from '../../lib/permissions.ts';

export function MembersTable({
  groupUuid,
  members,
  verdict,
}: {
  groupUuid: string;
  members: readonly ChannelRecord[];
  verdict: Verdict;
}) {
  const remove = useRemoveMember(groupUuid);
  const sorted = [...members].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder highlightOnHover aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Push</Table.Th>
            <Table.Th scope="col">
              <span className="tc-sr-only">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((member) => (
            <Table.Tr key={member.uuid}>
              <Table.Td>
                <Anchor component={Link} to={`/channels/${member.uuid}`} size="sm" fw={500}>
                  {member.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <ChannelTypeBadge type={member.channelType} />
              </Table.Td>
              <Table.Td>
                <ActiveBadge active={member.active} />
              </Table.Td>
              <Table.Td>
                <PushBadge pushURL={member.pushURL} />
              </Table.Td>
              <Table.Td ta="right">
                <GuardedButton
                  verdict={verdict}
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${member.name} from the group`}
                  onClick={() =>
                    remove.mutate(member.uuid, {
                      onSuccess: () => notifyDone(`${member.name} removed from the group.`),
                      onError: (error) =>
                        notifyFailed(`${member.name} was not removed`, error.message),
                    })
                  }
                >
                  Remove
                </GuardedButton>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
