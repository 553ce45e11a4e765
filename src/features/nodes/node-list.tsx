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
import { focusFirstOf } from '../../components/move-focus.ts';
import { t } from '../../i18n/i18n.ts';

const SHOWN = 200;
const allChannels = {};

export function NodeList({ headingId }: { headingId: string }) {
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
    actionColumn(t('nodeList.actions'), 148, (node) =>
      node.active ? (
        <GuardedButton
          verdict={mayOnChannel(permissions, node, 'DELETE')}
          size="xs"
          variant="subtle"
          color="red"
          aria-label={t('nodeList.decommissionLabel', { name: node.name })}
          onClick={(event) => {
            opener.current = event.currentTarget;
            setTarget(node);
          }}
        >
          {t('nodes.decommission.open')}
        </GuardedButton>
      ) : null,
    ),
  ];

  if (isPending) return <Skeleton height={160} />;
  if (data === undefined)
    return (
      <ApiErrorAlert error={error} title={t('nodeList.notLoaded')} onRetry={() => void refetch()} />
    );
  return (
    <>
      <TextInput
        label={t('nodeList.find')}
        placeholder={t('nodeList.find.placeholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maw={360}
        mb="sm"
      />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {nodes.channels.length === 0 ? t('nodeList.noneYet') : t('nodeList.noMatch')}
        </Text>
      ) : (
        <ChannelTable
          channels={rows.slice(0, SHOWN)}
          columns={withTenantColumn(columns, nodes.channels)}
          label={t('nodes.title')}
        />
      )}
      {rows.length > SHOWN && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('nodeList.showing', { shown: SHOWN, total: rows.length })}
        </Text>
      )}
      {target && (
        <DecommissionDialog
          node={target}
          opened
          onClose={closeDialog}
          // The row's button went with the node's activity: the list's heading takes the focus.
          onDone={() => focusFirstOf(() => [opener.current, document.getElementById(headingId)])}
        />
      )}
    </>
  );
}
