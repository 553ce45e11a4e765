import { Anchor, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { channelQuery } from '../../api/channels.ts';
import { isApiError } from '../../api/errors.ts';
import { membersQuery, useRemoveAllMembers } from '../../api/groups.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { ActiveBadge } from '../../components/channel-badges.tsx';
import { ConfirmMutationDialog } from '../../components/confirm-dialog.tsx';
import { GuardedButton } from '../../components/guarded-button.tsx';
import { focusFirstOf } from '../../components/move-focus.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { t } from '../../i18n/i18n.ts';
import { tNodes } from '../../i18n/t-nodes.ts';
import { mayOnChannel } from '../../lib/permissions.ts';
import { AddMembers } from '../../features/groups/add-members.tsx';
import { MembersTable } from '../../features/groups/members-table.tsx';
import { paths } from '../../lib/paths.ts';

export function loader({ params, context }: LoaderFunctionArgs) {
  const client = context.get(queryClientContext);
  if (params.groupUuid) {
    void client.prefetchQuery(channelQuery(params.groupUuid));
    void client.prefetchQuery(membersQuery(params.groupUuid));
  }
  return null;
}

export function Component() {
  const { groupUuid = '' } = useParams();
  const permissions = usePermissions();
  const group = useQuery(channelQuery(groupUuid));
  const members = useQuery(membersQuery(groupUuid));
  const removeAll = useRemoveAllMembers(groupUuid);
  const [confirmAll, setConfirmAll] = useState(false);
  // Until the record (with its tenant) is here, the checks guess from the profile alone.
  const scope = group.data ?? { channelType: 'GROUP' as const };
  const update = mayOnChannel(permissions, scope, 'UPDATE');
  const clear = mayOnChannel(permissions, scope, 'DELETE');

  if (group.isError && (isApiError(group.error, 404) || isApiError(group.error, 400))) {
    return (
      <EmptyState
        mt="xl"
        title={t('group.notFound.title')}
        description={t('group.notFound.description')}
      >
        <Anchor component={Link} to={paths.groups.href()}>
          {t('group.all')}
        </Anchor>
      </EmptyState>
    );
  }
  const name = group.data?.name ?? t('group.fallbackName');
  const count = members.data?.length ?? 0;

  return (
    <Stack gap="md" maw={1100}>
      {group.isPending ? (
        <Skeleton height={36} width="40%" />
      ) : (
        <PageHeader
          title={name}
          badges={group.data && <ActiveBadge active={group.data.active} />}
          description={
            <Anchor component={Link} to={paths.groups.href()}>
              {t('group.all')}
            </Anchor>
          }
          actions={
            <>
              <Anchor component={Link} to={paths.channel.href(groupUuid)}>
                {t('groups.channelPage')}
              </Anchor>
              <Anchor component={Link} to={paths.channelHistory.href(groupUuid)}>
                {t('group.history')}
              </Anchor>
              <Anchor component={Link} to={paths.dailySummary.href(groupUuid)}>
                {t('group.dailySummary')}
              </Anchor>
            </>
          }
        />
      )}
      {group.isError && group.data === undefined && (
        <ApiErrorAlert error={group.error} onRetry={() => void group.refetch()} />
      )}
      <Paper withBorder p="md" component="section" aria-labelledby="members-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="members-title">
            {members.data ? t('group.membersCount', { count }) : t('group.members')}
          </Title>
          {count > 0 && (
            <GuardedButton
              verdict={clear}
              color="red"
              variant="subtle"
              size="xs"
              onClick={() => setConfirmAll(true)}
            >
              {t('group.removeAll')}
            </GuardedButton>
          )}
        </Group>
        <Stack gap="md">
          <AddMembers
            groupUuid={groupUuid}
            group={group.data}
            members={members.data ?? []}
            verdict={update}
            listHeadingId="members-title"
          />
          {members.isPending ? (
            <Skeleton height={120} />
          ) : members.data === undefined ? (
            <ApiErrorAlert
              error={members.error}
              title={t('group.membersNotLoaded')}
              onRetry={() => void members.refetch()}
            />
          ) : count === 0 ? (
            <Text size="sm" c="dimmed">
              {t('group.noMembers')}
            </Text>
          ) : (
            <MembersTable
              groupUuid={groupUuid}
              members={members.data}
              verdict={update}
              headingId="members-title"
            />
          )}
        </Stack>
      </Paper>
      <ConfirmMutationDialog
        opened={confirmAll}
        title={t('group.removeAll.title', { count })}
        confirmLabel={t('group.removeAll.confirm')}
        mutation={removeAll}
        doneMessage={t('group.removeAll.done', { name })}
        // Remove all went with the members: the list's heading takes the focus back.
        onDone={() => focusFirstOf(() => [document.getElementById('members-title')])}
        onClose={() => setConfirmAll(false)}
      >
        <Text size="sm">
          {tNodes('group.removeAll.explain', { name, b: (chunks) => <b>{chunks}</b> })}
        </Text>
      </ConfirmMutationDialog>
    </Stack>
  );
}
