import { notifyDone } from '../../components/notify.ts';
import { Alert, Group, JsonInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChannelRecord, Properties } from '../../../contract/channel.ts';
import { PROPERTIES_MAX_BYTES } from '../../../contract/limits.ts';
import {
  readPropertiesVersion,
  useRemovePropertiesExcept,
  useSetProperties,
} from '../../api/channels.ts';
import { channelKeys } from '../../api/query-keys.ts';
import { isApiError } from '../../api/errors.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { hasDraft, useDraft } from '../../auth/drafts.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { DraftActions } from '../../components/draft-actions.tsx';
import { ConfirmMutationDialog } from '../../components/confirm-dialog.tsx';
import { SettingsPanel } from '../../components/settings-panel.tsx';
import { useFocusFirstField } from '../../components/use-focus-first-field.ts';
import { mayOnChannel } from '../../lib/permissions.ts';
import { checkProperties, formatProperties } from '../../lib/properties.ts';
import { t } from '../../i18n/i18n.ts';
import { say } from '../../i18n/message.ts';
import { tNodes } from '../../i18n/t-nodes.ts';
import { PropertiesTable } from './properties-table.tsx';
import { changedKeys, isFormKey } from './product-draft.ts';
import { valueWords } from './product-words.ts';

/** The keys the product form does not edit: this JSON part's own. */
const others = (properties: Properties | undefined): Properties =>
  Object.fromEntries(Object.entries(properties ?? {}).filter(([key]) => !isFormKey(key)));
const ofForm = (properties: Properties): Properties =>
  Object.fromEntries(Object.entries(properties).filter(([key]) => isFormKey(key)));

/**
 * The properties the product form does not edit, as JSON: saving changes only these keys, over
 * the properties as they were when the editor opened (If-Match, record 0171).
 */
export function PropertiesPanel({ channel }: { channel: ChannelRecord }) {
  const permissions = usePermissions();
  const verdict = mayOnChannel(permissions, channel, 'UPDATE');
  const draftKey = `properties:${channel.uuid}`;
  // An edit in progress survives a sign-in round trip (drafts are kept in this tab's storage).
  const [editing, setEditing] = useState(() => hasDraft(draftKey));
  const [confirmRemove, setConfirmRemove] = useState(false);
  const hasProperties = Object.keys(others(channel.properties)).length > 0;
  const remove = useRemovePropertiesExcept(channel.uuid, isFormKey);

  return (
    <SettingsPanel
      id="properties-title"
      title={t('properties.otherTitle')}
      verdict={verdict}
      editing={editing}
      editLabel={t(hasProperties ? 'properties.edit' : 'properties.add')}
      removable={hasProperties}
      onEdit={() => setEditing(true)}
      onRemove={() => setConfirmRemove(true)}
    >
      {editing ? (
        <PropertiesEditor channel={channel} draftKey={draftKey} onDone={() => setEditing(false)} />
      ) : (
        <PropertiesTable properties={others(channel.properties)} />
      )}
      <ConfirmMutationDialog
        opened={confirmRemove}
        title={t('properties.remove.title')}
        confirmLabel={t('properties.remove.confirm')}
        mutation={remove}
        doneMessage={t('properties.remove.done', { name: channel.name })}
        onClose={() => setConfirmRemove(false)}
      >
        <Text size="sm">
          {tNodes('properties.remove.explain', {
            name: channel.name,
            b: (chunks) => <b>{chunks}</b>,
          })}
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
  const [text, setText, clearDraft] = useDraft(
    draftKey,
    formatProperties(others(channel.properties)),
  );
  const [touched, setTouched] = useState(false);
  const save = useSetProperties(channel.uuid);
  const check = checkProperties(text);
  const form = useFocusFirstField<HTMLFormElement>();
  // The properties this edit is made over: read when it opens, read again after a 412.
  const version = useQuery({
    queryKey: [...channelKeys.detail(channel.uuid), 'version', 'json'],
    queryFn: () => readPropertiesVersion(channel.uuid),
    staleTime: Infinity,
    gcTime: 0,
  });
  const [theirs, setTheirs] = useState<string[]>();

  const submit = () => {
    setTouched(true);
    if (!check.ok) return;
    const base = version.data;
    const properties = { ...ofForm(base?.properties ?? channel.properties ?? {}), ...check.value };
    // On failure the editor stays open with the text as typed; only success clears the draft.
    save.mutate(
      { properties, ...(base?.tag === undefined ? {} : { ifMatch: base.tag }) },
      {
        onSuccess: () => {
          clearDraft();
          onDone();
          notifyDone(t('properties.saved', { name: channel.name }));
        },
        onError: (error) => {
          if (!isApiError(error, 412) || base === undefined) return;
          void version.refetch().then(({ data }) => {
            if (data) {
              setTheirs(
                changedKeys(base.properties, data.properties).map(
                  (key) => `${key}: ${valueWords(key, data.properties[key])}`,
                ),
              );
            }
          });
        },
      },
    );
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
        {theirs && (
          <Alert color="yellow" title={t('productProps.conflict.title')} role="alert">
            <Text size="sm">{t('productProps.conflict.explain')}</Text>
            {theirs.map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
          </Alert>
        )}
        <JsonInput
          label={t('properties.editor')}
          description={t('properties.editor.description', { max: PROPERTIES_MAX_BYTES })}
          value={text}
          onChange={(value) => {
            setText(value);
            save.reset();
          }}
          onBlur={() => setTouched(true)}
          // JsonInput checks the JSON on blur itself and then shows only a red border unless it
          // is given the words: the same message as ours, saying what is wrong and where.
          error={touched && !check.ok ? say(check.error) : undefined}
          validationError={check.ok ? undefined : say(check.error)}
          autosize
          minRows={6}
          maxRows={20}
          ff="monospace"
        />
        {save.isError && !isApiError(save.error, 412) && (
          <ApiErrorAlert error={save.error} title={t('properties.notSaved')} change />
        )}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {check.ok
              ? t('properties.bytes', { bytes: check.bytes, max: PROPERTIES_MAX_BYTES })
              : ' '}
          </Text>
          <Group gap="xs">
            <DraftActions
              clearDraft={clearDraft}
              save={save}
              onDone={onDone}
              saveLabel={t('properties.save')}
            />
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
