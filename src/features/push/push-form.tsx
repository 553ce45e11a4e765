import { notifyDone } from '../../components/notify.ts';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { PUSH_INTERVAL_MAX_S } from '../../../contract/limits.ts';
import { useSetPush } from '../../api/channels.ts';
import { extensionsQuery } from '../../api/extensions.ts';
import { releaseInbox, useTryPushWithInbox } from '../../api/push-inboxes.ts';
import { useDraft } from '../../auth/drafts.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { DraftActions } from '../../components/draft-actions.tsx';
import { Copyable } from '../../components/copyable.tsx';
import { useFocusFirstField } from '../../components/use-focus-first-field.ts';
import { t } from '../../i18n/i18n.ts';
import {
  generateWebhookSecret,
  pushAddressError,
  pushIntervalError,
  pushSecretError,
} from '../../lib/push-settings.ts';

/** The cloud's parameters as this form names them, in the page's language. */
function pushFields(): Record<string, string> {
  return {
    to: t('push.form.address'),
    interval: t('push.form.interval'),
    secret: t('push.form.secret'),
  };
}

interface PushDraft {
  to: string;
  interval: number | string;
}

/**
 * Address and interval are kept as a draft across a sign-in; the secret never is: it stays in
 * memory only and must be typed or generated again.
 */
export function PushForm({ channel, onDone }: { channel: ChannelRecord; onDone: () => void }) {
  const initial: PushDraft = { to: channel.pushURL ?? '', interval: channel.pushInterval ?? 0 };
  const [draft, setDraft, clearDraft] = useDraft<PushDraft>(`push:${channel.uuid}`, initial);
  const [secret, setSecret] = useState('');
  const [generated, setGenerated] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [trying, setTrying] = useState(false);
  const client = useQueryClient();
  const save = useSetPush(channel.uuid);
  const tryInbox = useTryPushWithInbox(channel.uuid);
  const { data: inboxesOffered } = useQuery({
    ...extensionsQuery(),
    select: (extensions) => extensions.pushInboxes,
  });

  const errors = {
    to: pushAddressError(draft.to),
    interval: pushIntervalError(draft.interval),
    secret: pushSecretError(secret),
  };
  const valid = errors.to === null && errors.interval === null && errors.secret === null;

  const submit = () => {
    setSubmitted(true);
    if (!valid) return;
    const to = draft.to.trim();
    save.mutate(
      { to, interval: Number(draft.interval), secret },
      {
        onSuccess: () => {
          if (channel.pushURL !== to) void releaseInbox(client, channel.pushURL);
          clearDraft();
          setSecret('');
          onDone();
          notifyDone(t('push.form.saved', { channel: channel.name }));
        },
      },
    );
  };

  // The address is not needed to try: the inbox gives one. The form stays open, secret and all,
  // so that once deliveries verify the same settings can be saved with the real address.
  const tryWithInbox = () => {
    setTrying(true);
    if (errors.interval !== null || errors.secret !== null) return;
    save.reset();
    tryInbox.mutate(
      { secret, interval: Number(draft.interval), previous: channel.pushURL },
      { onSuccess: () => notifyDone(t('push.form.nowInbox', { channel: channel.name })) },
    );
  };
  const showCheck = submitted || trying;
  // What the cloud said about the last attempt no longer applies once the person edits the form.
  const forget = () => {
    if (save.isError) save.reset();
    if (tryInbox.isError) tryInbox.reset();
  };
  const change = (next: PushDraft) => {
    setDraft(next);
    forget();
  };
  const form = useFocusFirstField<HTMLFormElement>();

  return (
    <form
      ref={form}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <TextInput
          label={t('push.form.address')}
          description={t('push.form.addressHint')}
          // i18n-exempt: an example address, the same in every language
          placeholder="https://example.com/telemetry"
          required
          type="url"
          value={draft.to}
          onChange={(event) => change({ ...draft, to: event.currentTarget.value })}
          error={submitted ? errors.to : undefined}
        />
        <NumberInput
          label={t('push.form.interval')}
          description={t('push.form.intervalHint')}
          // Nothing typed is changed behind the person's back: -5, 2.5 or more than a day are
          // said to be wrong, not turned into 5, 2 or 86400.
          clampBehavior="none"
          min={0}
          max={PUSH_INTERVAL_MAX_S}
          value={draft.interval}
          onChange={(value) => change({ ...draft, interval: value })}
          error={showCheck ? errors.interval : undefined}
          maw={280}
        />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <PasswordInput
            label={t('push.form.secret')}
            description={t(
              channel.pushURL ? 'push.form.secretChangeHint' : 'push.form.secretNewHint',
            )}
            required
            autoComplete="new-password"
            value={secret}
            onChange={(event) => {
              setSecret(event.currentTarget.value);
              setGenerated(false);
              forget();
            }}
            error={showCheck ? errors.secret : undefined}
            style={{ flex: 1 }}
          />
          <Button
            variant="light"
            onClick={() => {
              setSecret(generateWebhookSecret());
              setGenerated(true);
            }}
          >
            {t('push.form.generate')}
          </Button>
        </Group>
        {generated && (
          <Alert color="indigo" variant="light" title={t('push.form.copyTitle')}>
            <Text size="sm" mb={4}>
              {t('push.form.copyText')}
            </Text>
            <Copyable value={secret} label={t('push.form.copyThing')} />
          </Alert>
        )}
        {tryInbox.isSuccess && (
          <Alert color="green" variant="light" title={t('push.form.tryingTitle')}>
            {t('push.form.tryingText')}
          </Alert>
        )}
        {tryInbox.isError && (
          <ApiErrorAlert
            error={tryInbox.error}
            title={t('push.form.tryFailed')}
            change
            fieldNames={pushFields()}
          />
        )}
        {save.isError && (
          <ApiErrorAlert
            error={save.error}
            title={t('push.form.notSaved')}
            change
            fieldNames={pushFields()}
          />
        )}
        <Group justify="flex-end" gap="xs">
          {inboxesOffered === true && (
            <Button variant="light" mr="auto" loading={tryInbox.isPending} onClick={tryWithInbox}>
              {t('push.form.tryInbox')}
            </Button>
          )}
          <DraftActions
            clearDraft={clearDraft}
            save={save}
            onDone={onDone}
            saveLabel={t('push.form.save')}
          />
        </Group>
      </Stack>
    </form>
  );
}
