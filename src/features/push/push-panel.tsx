import { Alert, Divider, Stack, Text } from '@mantine/core';
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
import { describeInterval } from '../../lib/push-settings.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { PushForm } from './push-form.tsx';
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
      title="Push"
      verdict={verdict}
      editing={editing}
      editLabel={configured ? 'Change' : 'Set up push'}
      removable={configured}
      onEdit={() => setEditing(true)}
      onRemove={() => setConfirmRemove(true)}
    >
      <Stack gap="md">
        {configured ? (
          <Alert color="green" variant="light" title="Push is configured">
            Events go to <b style={{ overflowWrap: 'anywhere' }}>{channel.pushURL}</b>,{' '}
            {describeInterval(channel.pushInterval ?? 0)}. The secret is set and never shown.
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            Push is not configured: no events are sent anywhere.
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
        title="Stop pushing events?"
        confirmLabel="Remove push"
        mutation={remove}
        doneMessage={`Push of ${channel.name} removed.`}
        onDone={() => void releaseInbox(client, channel.pushURL)}
        onClose={() => setConfirmRemove(false)}
      >
        <Text size="sm">
          Events of <b>{channel.name}</b> stop going to {channel.pushURL}. The receiver can still
          fetch what it missed through history.
        </Text>
      </ConfirmMutationDialog>
    </SettingsPanel>
  );
}
