import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AlarmKind, AlarmSeverity } from '../../../contract/alarms.ts';
import type { NotificationSettings } from '../../../contract/notifications.ts';
import { channelListQuery } from '../../api/channels.ts';
import { useSaveNotificationSettings, useSendTestNotification } from '../../api/notifications.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { notifyDone, notifyFailed } from '../../components/notify.ts';
import { languageNames, t } from '../../i18n/i18n.ts';
import { subscribeThisBrowser } from './browser-push.ts';

const kinds: readonly AlarmKind[] = ['temperature', 'silence', 'place'];
const severities: readonly AlarmSeverity[] = ['critical', 'major', 'warning'];
// A light check before sending; the cloud's rule (contract/notifications.ts) decides.
const LOOKS_LIKE_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The person's notification settings as a form; saved as a whole. */
export function NotificationForm({
  saved,
  accountEmail,
}: {
  saved: NotificationSettings;
  accountEmail: string;
}) {
  const [draft, setDraft] = useState(saved);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [pushError, setPushError] = useState<string | null>(null);
  const save = useSaveNotificationSettings();
  const test = useSendTestNotification();
  const { data: groups } = useQuery(channelListQuery({ channelType: 'GROUP' }));
  const change = (patch: Partial<NotificationSettings>) => setDraft({ ...draft, ...patch });
  const quiet = draft.quietHours;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.email !== undefined && !LOOKS_LIKE_ADDRESS.test(draft.email)) {
      setEmailError(t('notifications.email.invalid'));
      return;
    }
    setEmailError(null);
    save.mutate(draft, { onSuccess: () => notifyDone(t('notifications.saved')) });
  };
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: (result) =>
        notifyDone(
          t(result.queued.length > 0 ? 'notifications.test.sent' : 'notifications.test.none'),
        ),
      onError: () => notifyFailed(t('notifications.test.failed'), t('notifications.test.failed')),
    });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <Title order={2} size="h4">
          {t('notifications.means')}
        </Title>
        <Checkbox
          label={t('notifications.means.email')}
          checked={draft.means.includes('email')}
          onChange={(event) =>
            change({
              means: event.currentTarget.checked
                ? [...draft.means.filter((m) => m !== 'email'), 'email']
                : draft.means.filter((m) => m !== 'email'),
            })
          }
        />
        <Checkbox
          label={t('notifications.means.webpush')}
          checked={draft.means.includes('webpush')}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            const others = draft.means.filter((m) => m !== 'webpush');
            if (!on) {
              change({ means: others });
              return;
            }
            setPushError(null);
            // This browser subscribes at once; the choice is kept with the next save.
            subscribeThisBrowser().then(
              (refusal) => {
                if (refusal) setPushError(t(`notifications.webpush.${refusal}`));
                else setDraft((now) => ({ ...now, means: [...others, 'webpush'] }));
              },
              () => setPushError(t('notifications.webpush.failed')),
            );
          }}
          error={pushError}
        />
        <TextInput
          type="email"
          label={t('notifications.email')}
          description={t('notifications.email.hint', { address: accountEmail })}
          value={draft.email ?? ''}
          error={emailError}
          onChange={(event) => {
            const value = event.currentTarget.value.trim();
            const { email: _dropped, ...rest } = draft;
            setDraft(value === '' ? rest : { ...rest, email: value });
          }}
        />
        <Select
          label={t('notifications.language')}
          data={(['en', 'nl'] as const).map((value) => ({ value, label: languageNames[value] }))}
          value={draft.language}
          allowDeselect={false}
          onChange={(value) => change({ language: value === 'nl' ? 'nl' : 'en' })}
        />
        <Title order={2} size="h4">
          {t('notifications.which')}
        </Title>
        <MultiSelect
          label={t('notifications.groups')}
          description={t('notifications.which.hint')}
          placeholder={t('notifications.groups.placeholder')}
          data={(groups ?? []).map((group) => ({ value: group.uuid, label: group.name }))}
          value={draft.groups}
          searchable
          onChange={(value) => change({ groups: value })}
        />
        <Checkbox.Group
          label={t('notifications.kinds')}
          value={draft.kinds}
          onChange={(value) => change({ kinds: kinds.filter((k) => value.includes(k)) })}
        >
          <Group gap="md" mt={4}>
            {kinds.map((kind) => (
              <Checkbox key={kind} value={kind} label={t(`notifications.kind.${kind}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox.Group
          label={t('notifications.severities')}
          value={draft.severities}
          onChange={(value) => change({ severities: severities.filter((s) => value.includes(s)) })}
        >
          <Group gap="md" mt={4}>
            {severities.map((severity) => (
              <Checkbox
                key={severity}
                value={severity}
                label={t(`notifications.severity.${severity}`)}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Title order={2} size="h4">
          {t('notifications.quiet')}
        </Title>
        <Switch
          label={t('notifications.quiet.on')}
          checked={quiet !== undefined}
          onChange={(event) => {
            const { quietHours: _dropped, ...rest } = draft;
            setDraft(
              event.currentTarget.checked
                ? {
                    ...rest,
                    quietHours: {
                      from: '22:00',
                      to: '07:00',
                      timeZone: localZone(),
                      criticalPasses: true,
                    },
                  }
                : rest,
            );
          }}
        />
        {quiet && (
          <>
            <Group grow>
              <TextInput
                type="time"
                label={t('notifications.quiet.from')}
                value={quiet.from}
                onChange={(event) =>
                  change({ quietHours: { ...quiet, from: event.currentTarget.value } })
                }
              />
              <TextInput
                type="time"
                label={t('notifications.quiet.to')}
                value={quiet.to}
                onChange={(event) =>
                  change({ quietHours: { ...quiet, to: event.currentTarget.value } })
                }
              />
            </Group>
            <TextInput
              label={t('notifications.quiet.timeZone')}
              value={quiet.timeZone}
              onChange={(event) =>
                change({ quietHours: { ...quiet, timeZone: event.currentTarget.value } })
              }
            />
            <Checkbox
              label={t('notifications.quiet.critical')}
              checked={quiet.criticalPasses}
              onChange={(event) =>
                change({ quietHours: { ...quiet, criticalPasses: event.currentTarget.checked } })
              }
            />
          </>
        )}
        {save.error && (
          <ApiErrorAlert error={save.error} title={t('notifications.saveFailed')} change />
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('notifications.save')}
          </Button>
          <Button variant="default" onClick={sendTest} loading={test.isPending}>
            {t('notifications.test')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
