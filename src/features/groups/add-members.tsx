import { notifyDone } from '../../components/notify.ts';
import { Alert, Group, List, MultiSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { channelListQuery } from '../../api/channels.ts';
import { useAddMembers } from '../../api/groups.ts';
import { useDraft } from '../../auth/drafts.ts';
import { channelTypeLabel } from '../../components/channel-badges.tsx';
import { GuardedButton } from '../../components/guarded-button.tsx';
import { focusFirstOf } from '../../components/move-focus.ts';
import { t } from '../../i18n/i18n.ts';
import type { Verdict } from '../../lib/permissions.ts';
import { errorWords } from '../../components/error-words.ts';

const allChannels = {};

/** Search the accessible nodes, gateways and sensors; pick several; add them in one go. */
export function AddMembers({
  groupUuid,
  group,
  members,
  verdict,
  listHeadingId,
}: {
  groupUuid: string;
  /** The heading of the members list, which takes the focus once the picked ones have joined it. */
  listHeadingId: string;
  /**
   * The group's record, undefined while it is on its way. A group holds members of its own tenant
   * only (where the cloud says tenants), so nothing is offered until that tenant is known: an
   * admin who reads acme's nodes was offered them for a demo group, and refused after submit.
   */
  group: Pick<ChannelRecord, 'tenant'> | undefined;
  members: readonly ChannelRecord[];
  verdict: Verdict;
}) {
  const { data: channels, isPending } = useQuery(channelListQuery(allChannels));
  const [selected, setSelected, clearSelected] = useDraft<string[]>(`members:${groupUuid}`, []);
  const add = useAddMembers(groupUuid);

  const groupTenant = group?.tenant;
  const candidates = useMemo(() => {
    if (group === undefined) return [];
    const memberUuids = new Set(members.map((member) => member.uuid));
    return (channels ?? []).filter(
      (channel) =>
        channel.channelType !== 'GROUP' &&
        channel.active &&
        !memberUuids.has(channel.uuid) &&
        (groupTenant === undefined ||
          channel.tenant === undefined ||
          channel.tenant === groupTenant),
    );
  }, [channels, members, group, groupTenant]);
  const byUuid = useMemo(() => new Map(candidates.map((c) => [c.uuid, c])), [candidates]);
  const options = useMemo(
    () =>
      candidates.map((channel) => ({
        value: channel.uuid,
        label: `${channel.name} · ${channelTypeLabel(channel.channelType)}`,
      })),
    [candidates],
  );

  const submit = () => {
    const picked = selected.flatMap((uuid) => {
      const channel = byUuid.get(uuid);
      return channel ? [channel] : [];
    });
    if (picked.length === 0) return;
    add.mutate(picked, {
      onSuccess: ({ added, failed }) => {
        setSelected(failed.map(({ channel }) => channel.uuid));
        if (failed.length === 0) clearSelected();
        if (added.length > 0) {
          notifyDone(t('group.add.done', { count: added.length }));
        }
        // The list they joined (asked again before this: api/after-change.ts), not the body the
        // emptied, disabled Add button would leave the focus to. With failures the field keeps it.
        if (failed.length === 0) {
          focusFirstOf(() => [document.getElementById(listHeadingId)]);
        }
      },
    });
  };

  return (
    <Stack gap="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (verdict.allowed) submit();
        }}
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <MultiSelect
            label={t('group.add.label')}
            placeholder={t(
              isPending || group === undefined ? 'group.add.loading' : 'group.add.search',
            )}
            data={options}
            value={selected.filter((uuid) => byUuid.has(uuid))}
            onChange={setSelected}
            searchable
            clearable
            limit={50}
            nothingFoundMessage={t('group.add.nothingFound')}
            disabled={!verdict.allowed}
            style={{ flex: '1 1 320px' }}
            maxDropdownHeight={300}
          />
          <GuardedButton
            verdict={verdict}
            type="submit"
            loading={add.isPending}
            disabled={verdict.allowed && selected.length === 0}
          >
            {t('group.add.submit', { count: Math.max(1, selected.length) })}
          </GuardedButton>
        </Group>
      </form>
      {add.data && add.data.failed.length > 0 && (
        <Alert color="red" title={t('group.add.someFailed')} role="alert">
          <List size="sm">
            {add.data.failed.map(({ channel, error }) => (
              <List.Item key={channel.uuid}>
                <Text span fw={500} size="sm">
                  {channel.name}
                </Text>
                : {error instanceof Error ? errorWords(error) : String(error)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
