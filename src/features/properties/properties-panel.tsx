import { notifyDone } from '../../components/notify.ts';
import { Button, Group, JsonInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { PROPERTIES_MAX_BYTES } from '../../../contract/limits.ts';
import { useRemoveProperties, useSetProperties } from '../../api/channels.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { hasDraft, useDraft } from '../../auth/drafts.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { ConfirmMutationDialog } from '../../components/confirm-dialog.tsx';
import { SettingsPanel } from '../../components/settings-panel.tsx';
import { useFocusFirstField } from '../../components/use-focus-first-field.ts';
import { mayOnChannel } from '../../lib/permissions.ts';
import { checkProperties, formatProperties } from '../../lib/properties.ts';
import { PropertiesTable } from './properties-table.tsx';

export function PropertiesPanel({ channel }: { channel: ChannelRecord }) {
  const permissions = usePermissions();
  const verdict = mayOnChannel(permissions, channel, 'UPDATE');
  const draftKey = `properties:${channel.uuid}`;
  // An edit in progress survives a sign-in round trip (drafts are kept in this tab's storage).
  const [editing, setEditing] = useState(() => hasDraft(draftKey));
  const [confirmRemove, setConfirmRemove] = useState(false);
  const hasProperties =
    channel.properties !== undefined && Object.keys(channel.properties).length > 0;
  const remove = useRemoveProperties(channel.uuid);

  return (
    <SettingsPanel
      id="properties-title"
      title="Properties"
      verdict={verdict}
      editing={editing}
      editLabel={hasProperties ? 'Edit' : 'Add properties'}
      removable={hasProperties}
      onEdit={() => setEditing(true)}
      onRemove={() => setConfirmRemove(true)}
    >
      {editing ? (
        <PropertiesEditor channel={channel} draftKey={draftKey} onDone={() => setEditing(false)} />
      ) : (
        <PropertiesTable properties={channel.properties} />
      )}
      <ConfirmMutationDialog
        opened={confirmRemove}
        title="Remove all properties?"
        confirmLabel="Remove properties"
        mutation={remove}
        doneMessage={`Properties of ${channel.name} removed.`}
        onClose={() => setConfirmRemove(false)}
      >
        <Text size="sm">
          Every property of <b>{channel.name}</b> is removed. This cannot be undone.
        </Text>
      </ConfirmMutationDialog>
    </SettingsPanel>
  );
}

function PropertiesEditor({
  channel,
  draftKey,
  onDone,
}: {
  channel: ChannelRecord;
  draftKey: string;
  onDone: () => void;
}) {
  const [text, setText, clearDraft] = useDraft(draftKey, formatProperties(channel.properties));
  const [touched, setTouched] = useState(false);
  const save = useSetProperties(channel.uuid);
  const check = checkProperties(text);
  const form = useFocusFirstField<HTMLFormElement>();

  const submit = () => {
    setTouched(true);
    if (!check.ok) return;
    // On failure the editor stays open with the text as typed; only success clears the draft.
    save.mutate(check.value, {
      onSuccess: () => {
        clearDraft();
        onDone();
        notifyDone(`Properties of ${channel.name} saved.`);
      },
    });
  };

  return (
    <form
      ref={form}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <JsonInput
          label="Properties (JSON object)"
          description={`A JSON object of at most ${PROPERTIES_MAX_BYTES} bytes. Saving replaces all properties.`}
          value={text}
          onChange={(value) => {
            setText(value);
            save.reset();
          }}
          onBlur={() => setTouched(true)}
          // JsonInput checks the JSON on blur itself and then shows only a red border unless it
          // is given the words: the same message as ours, saying what is wrong and where.
          error={touched && !check.ok ? check.error : undefined}
          validationError={check.ok ? undefined : check.error}
          autosize
          minRows={6}
          maxRows={20}
          ff="monospace"
        />
        {save.isError && (
          <ApiErrorAlert error={save.error} title="Properties were not saved" change />
        )}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {check.ok ? `${check.bytes} of ${PROPERTIES_MAX_BYTES} bytes` : ' '}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => {
                clearDraft();
                save.reset();
                onDone();
              }}
            >
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save properties
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
