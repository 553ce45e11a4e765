import { Divider, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { useRemovePush } from '../../api/channels.ts';
import { releaseInbox } from '../../api/push-inboxes.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { hasDraft } from '../../auth/drafts.ts';
import { ConfirmMutationDialog } from '../../components/confirm-dialog.tsx';
import { SettingsPanel } from '../../components/settings-panel.tsx';
import { mayOnChannel } from '../../lib/permissions.ts';
import { t } from '../../i18n/i18n.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { PushForm } from './push-form.tsx';
import { PushHealthStatus } from './push-health-status.tsx';
import { TestInbox } from './test-inbox.tsx';
import { VerifySample } from './verify-sample.tsx';

export function PushPanel({ channel }: { channel: ChannelRecord }) {
  const permissions = usePermissions();
  const verdict = mayOnChannel(permissions, channel, 'UPDATE');
  const [editing, setEditing] = useState(() => hasDraft(`push:${channel.uuid}`));
  const [confirmRemove, setConfirmRemove] = useState(false);
  const remove = useRemovePush(channel.uuid);
  const client = useQueryClient();
  const configured = channel.pushURL !== undefined;

  return (
    <SettingsPanel
      id="push-title"
      title={t('pushPanel.title')}
      verdict={verdict}
      editing={editing}
      editLabel={t(configured ? 'pushPanel.change' : 'pushPanel.setUp')}
      removable={configured}
      onEdit={() => setEditing(true)}
      onRemove={() => setConfirmRemove(true)}
    >
      <Stack gap="md">
        {channel.pushURL !== undefined ? (
          <PushHealthStatus channel={channel} pushURL={channel.pushURL} mayTest={verdict.allowed} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('pushPanel.notConfigured')}
          </Text>
        )}
        {editing && <PushForm channel={channel} onDone={() => setEditing(false)} />}
        {configured && <TestInbox pushURL={channel.pushURL} />}
        {configured && <DeliveryLog channelUuid={channel.uuid} />}
        {/* How a receiver checks signatures is for whoever may set push up, not for every reader. */}
        {verdict.allowed && (
          <>
            <Divider />
            <VerifySample />
          </>
        )}
      </Stack>
      <ConfirmMutationDialog
        opened={confirmRemove}
        title={t('pushPanel.removeTitle')}
        confirmLabel={t('pushPanel.remove')}
        mutation={remove}
        doneMessage={t('pushPanel.removed', { channel: channel.name })}
        onDone={() => void releaseInbox(client, channel.pushURL)}
        onClose={() => setConfirmRemove(false)}
      >
        <Text size="sm">
          {t('pushPanel.removeExplained', { channel: channel.name, to: channel.pushURL ?? '' })}
        </Text>
      </ConfirmMutationDialog>
    </SettingsPanel>
  );
}
