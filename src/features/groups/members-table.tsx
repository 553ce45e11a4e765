import { useMemo } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { useRemoveMember } from '../../api/groups.ts';
import {
  actionColumn,
  nameColumn,
  pushColumn,
  statusColumn,
  typeColumn,
} from '../../components/channel-table/channel-columns.tsx';
import { ChannelTable } from '../../components/channel-table/channel-table.tsx';
import { GuardedButton } from '../../components/guarded-button.tsx';
import { focusHeading } from '../../components/move-focus.ts';
import { notifyDone, notifyFailed } from '../../components/notify.ts';
import type { Verdict } from '../../lib/permissions.ts';
import { t } from '../../i18n/i18n.ts';
import { errorWords } from '../../components/error-words.ts';

export function MembersTable({
  groupUuid,
  members,
  verdict,
  headingId,
}: {
  groupUuid: string;
  members: readonly ChannelRecord[];
  verdict: Verdict;
  /** The heading of the members' section, which takes the focus when a row is removed. */
  headingId: string;
}) {
  const remove = useRemoveMember(groupUuid);
  const sorted = useMemo(
    () => [...members].sort((a, b) => a.name.localeCompare(b.name)),
    [members],
  );
  const columns = [
    nameColumn(),
    typeColumn,
    statusColumn,
    pushColumn,
    actionColumn(t('group.member.actions'), 96, (member) => (
      <GuardedButton
        verdict={verdict}
        size="xs"
        variant="subtle"
        color="red"
        aria-label={t('group.member.removeLabel', { name: member.name })}
        onClick={() =>
          // Not mutate's own callbacks: they run only while this table is on the page, and
          // removing the last member takes it off at once (the list is emptied before the cloud
          // answers): the notice and the focus went with it.
          void remove.mutateAsync(member.uuid).then(
            () => {
              notifyDone(t('group.member.removed', { name: member.name }));
              // Its row, and the button that had the focus, are gone.
              focusHeading(document.getElementById(headingId));
            },
            (error: Error) =>
              notifyFailed(t('group.member.notRemoved', { name: member.name }), errorWords(error)),
          )
        }
      >
        {t('group.member.remove')}
      </GuardedButton>
    )),
  ];
  return <ChannelTable channels={sorted} columns={columns} label={t('group.members')} />;
}
