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
import { Copyable } from '../../components/copyable.tsx';
import { useFocusFirstField } from '../../components/use-focus-first-field.ts';
import {
  generateWebhookSecret,
  pushAddressError,
  pushIntervalError,
  pushSecretError,
} from '../../lib/push-settings.ts';

/** The cloud's parameters as this form names them. */
const pushFields = { to: 'Address', interval: 'Interval', secret: 'Secret' };

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
          notifyDone(`Push of ${channel.name} saved.`);
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
      { onSuccess: () => notifyDone(`Push of ${channel.name} now goes to your test inbox.`) },
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
          label="Address"
          description="Events are POSTed here as JSON, signed with the secret."
          placeholder="https://example.com/telemetry"
          required
          type="url"
          value={draft.to}
          onChange={(event) => change({ ...draft, to: event.currentTarget.value })}
          error={submitted ? errors.to : undefined}
        />
        <NumberInput
          label="Interval (seconds)"
          description="0 delivers each event at once; N gathers events and delivers at most one batch every N seconds."
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
            label="Secret"
            description={
              channel.pushURL
                ? 'The cloud saves address, interval and secret together and never shows the current secret, so every change needs one: type the secret your receiver has, or generate a new one and give it to your receiver.'
                : 'Write-only: the cloud never shows it again.'
            }
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
            Generate
          </Button>
        </Group>
        {generated && (
          <Alert color="indigo" variant="light" title="Copy this secret now">
            <Text size="sm" mb={4}>
              Your receiver needs it to verify deliveries; once saved, nobody can read it back.
            </Text>
            <Copyable value={secret} label="secret" />
          </Alert>
        )}
        {tryInbox.isSuccess && (
          <Alert color="green" variant="light" title="Trying with your test inbox">
            This channel’s events now go to your test inbox, shown below with whether each signature
            verifies. To send them to your receiver instead, enter its address and save push with
            the same secret.
          </Alert>
        )}
        {tryInbox.isError && (
          <ApiErrorAlert
            error={tryInbox.error}
            title="Trying with a test inbox failed"
            change
            fieldNames={pushFields}
          />
        )}
        {save.isError && (
          <ApiErrorAlert
            error={save.error}
            title="Push was not saved"
            change
            fieldNames={pushFields}
          />
        )}
        <Group justify="flex-end" gap="xs">
          {inboxesOffered === true && (
            <Button variant="light" mr="auto" loading={tryInbox.isPending} onClick={tryWithInbox}>
              Try with a test inbox
            </Button>
          )}
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
            Save push
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
