import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  List,
  NumberInput,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import {
  readPropertiesVersion,
  useSetProperties,
  type PropertiesVersion,
} from '../../api/channels.ts';
import { channelKeys } from '../../api/query-keys.ts';
import { isApiError } from '../../api/errors.ts';
import { useDraft } from '../../auth/drafts.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { DraftActions } from '../../components/draft-actions.tsx';
import { LoadingBlock } from '../../components/loading-block.tsx';
import { notifyDone } from '../../components/notify.ts';
import { t } from '../../i18n/i18n.ts';
import {
  applyDraft,
  changedKeys,
  draftFrom,
  fieldProblem,
  type FieldName,
  type FormKey,
  type Inherited,
  type ProductDraft,
} from './product-draft.ts';
import { limitsWords, sourceWords, valueWords } from './product-words.ts';

interface FormState {
  /** The properties the form was opened on, and their tag (If-Match, record 0171). */
  base: PropertiesVersion;
  draft: ProductDraft;
  /** What someone else changed meanwhile, once the cloud said so (412). */
  theirs?: { key: string; value: unknown }[];
}

export const productDraftKey = (uuid: string) => `product-properties:${uuid}`;

/**
 * The form of the values the product reads. It writes only the keys the person changed, over the
 * properties as they were when it opened; if someone changed them meanwhile the cloud refuses
 * (412), and the form shows their change and keeps what was typed, to be saved over it.
 */
export function ProductForm({
  channel,
  inherited,
  onDone,
}: {
  channel: ChannelRecord;
  inherited: Inherited;
  onDone: () => void;
}) {
  const [state, setState, clearDraft] = useDraft<FormState | null>(
    productDraftKey(channel.uuid),
    null,
  );
  const version = useQuery({
    queryKey: [...channelKeys.detail(channel.uuid), 'version'],
    queryFn: () => readPropertiesVersion(channel.uuid),
    enabled: state === null,
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    if (state === null && version.data) {
      setState({ base: version.data, draft: draftFrom(version.data.properties) });
    }
  }, [state, version.data, setState]);
  const save = useSetProperties(channel.uuid);
  const [attempted, setAttempted] = useState(false);

  if (state === null) {
    return version.isError ? (
      <ApiErrorAlert error={version.error} title={t('productProps.notSaved')} />
    ) : (
      <LoadingBlock height={160} label={t('productProps.loading')} />
    );
  }
  const { draft, base } = state;
  const problem = fieldProblem(draft);
  const change = (key: FormKey, next: Partial<ProductDraft>) => {
    save.reset();
    const changed = draft.changed.includes(key) ? draft.changed : [...draft.changed, key];
    setState({ ...state, draft: { ...draft, ...next, changed } });
  };
  const errorOf = (field: FieldName) =>
    problem?.field === field && (attempted || draft.changed.length > 0)
      ? t('productProps.rule', { rule: problem.reason })
      : undefined;

  const submit = () => {
    setAttempted(true);
    if (problem) return;
    save.mutate(
      { properties: applyDraft(base.properties, draft), ...ifMatch(base) },
      {
        onSuccess: () => {
          clearDraft();
          onDone();
          notifyDone(t('productProps.saved', { name: channel.name }));
        },
        onError: (error) => {
          if (!isApiError(error, 412)) return;
          // Their change is shown; what was typed stays, to be saved over the properties now.
          void readPropertiesVersion(channel.uuid).then((now) => {
            const theirs = changedKeys(base.properties, now.properties).map((key) => ({
              key,
              value: now.properties[key],
            }));
            setState({ base: now, draft, theirs });
          });
        },
      },
    );
  };

  const limits = inherited.limits;
  const limitsFrom = limits
    ? limits.conflict
      ? t('productProps.limits.conflict', { groups: limits.from.join(', ') })
      : `${limitsWords(limits)} · ${sourceWords({ from: limits.from })}`
    : `${t('limits.none')} · ${sourceWords('default')}`;
  const silenceFrom = inherited.silence
    ? `${t('productProps.minutes', { minutes: inherited.silence.minutes })} · ${sourceWords({ from: inherited.silence.from })}`
    : `${t('productProps.silence.none')} · ${sourceWords('default')}`;
  const placesFrom = inherited.alarmOnPlaces
    ? `${t('productProps.on')} · ${sourceWords({ from: inherited.alarmOnPlaces.from })}`
    : `${t('productProps.off')} · ${sourceWords('default')}`;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {state.theirs && (
          <Alert color="yellow" title={t('productProps.conflict.title')} role="alert">
            <Text size="sm">{t('productProps.conflict.explain')}</Text>
            <List size="sm" mt="xs">
              {state.theirs.map(({ key, value }) => (
                <List.Item key={key}>
                  {t('productProps.conflict.key', { key, value: valueWords(key, value) })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Part
          legend={t('productProps.limits')}
          what={t('productProps.what.limits')}
          here={draft.temperature.here}
          inheritedWords={limitsFrom}
          hasInherited={limits !== undefined}
          onHere={(here) =>
            change('temperature', {
              temperature: here
                ? {
                    here,
                    min: limits?.min === undefined ? '' : String(limits.min),
                    max: limits?.max === undefined ? '' : String(limits.max),
                    delay: limits?.delayMinutes === undefined ? '' : String(limits.delayMinutes),
                  }
                : { ...draft.temperature, here },
            })
          }
        >
          <Group align="flex-start" grow>
            {(['min', 'max'] as const).map((bound) => (
              <NumberInput
                key={bound}
                label={t(bound === 'min' ? 'productProps.min' : 'productProps.max')}
                description={t(bound === 'min' ? 'productProps.min.hint' : 'productProps.max.hint')}
                rightSection={t('productProps.unitC')}
                value={draft.temperature[bound]}
                onChange={(value) =>
                  change('temperature', {
                    temperature: { ...draft.temperature, [bound]: String(value) },
                  })
                }
                error={errorOf(bound)}
              />
            ))}
            <NumberInput
              label={t('productProps.delay')}
              description={t('productProps.delay.hint')}
              rightSection={t('productProps.unitMin')}
              min={0}
              value={draft.temperature.delay}
              onChange={(value) =>
                change('temperature', {
                  temperature: { ...draft.temperature, delay: String(value) },
                })
              }
              error={errorOf('delay')}
            />
          </Group>
        </Part>
        <Part
          legend={t('productProps.silence')}
          what={t('productProps.what.silence')}
          here={draft.silence.here}
          inheritedWords={silenceFrom}
          hasInherited={inherited.silence !== undefined}
          onHere={(here) =>
            change('silentAfterMinutes', {
              silence: {
                here,
                minutes: here ? String(inherited.silence?.minutes ?? '') : draft.silence.minutes,
              },
            })
          }
        >
          <NumberInput
            label={t('productProps.silence')}
            description={t('productProps.silence.hint')}
            rightSection={t('productProps.unitMin')}
            min={0}
            maw={320}
            value={draft.silence.minutes}
            onChange={(value) =>
              change('silentAfterMinutes', { silence: { here: true, minutes: String(value) } })
            }
            error={errorOf('silence')}
          />
        </Part>
        <Part
          legend={t('productProps.alarmOnPlaces')}
          what={t('productProps.what.alarmOnPlaces')}
          here={draft.alarmOnPlaces.here}
          inheritedWords={placesFrom}
          hasInherited={inherited.alarmOnPlaces !== undefined}
          onHere={(here) =>
            change('alarmOnPlaces', {
              alarmOnPlaces: {
                here,
                on: here ? inherited.alarmOnPlaces !== undefined : draft.alarmOnPlaces.on,
              },
            })
          }
        >
          <Checkbox
            label={t('productProps.alarmOnPlaces.label')}
            checked={draft.alarmOnPlaces.on}
            onChange={(event) =>
              change('alarmOnPlaces', {
                alarmOnPlaces: { here: true, on: event.currentTarget.checked },
              })
            }
          />
        </Part>
        {save.isError && !isApiError(save.error, 412) && (
          <ApiErrorAlert error={save.error} title={t('productProps.notSaved')} change />
        )}
        <Group justify="flex-end" gap="xs">
          <DraftActions
            clearDraft={clearDraft}
            save={save}
            onDone={onDone}
            saveLabel={t('productProps.save')}
          />
        </Group>
      </Stack>
    </form>
  );
}

const ifMatch = (base: PropertiesVersion): { ifMatch?: string } =>
  base.tag === undefined ? {} : { ifMatch: base.tag };

/** One value: its fields when set here, else what it inherits and from where; and the switch. */
function Part({
  legend,
  what,
  here,
  inheritedWords,
  hasInherited,
  onHere,
  children,
}: {
  legend: string;
  what: string;
  here: boolean;
  inheritedWords: string;
  hasInherited: boolean;
  onHere: (here: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Fieldset legend={legend}>
      <Stack gap="xs">
        {here ? (
          <>
            <Text size="sm" c="dimmed">
              {sourceWords({ here: true })}
            </Text>
            {children}
          </>
        ) : (
          <Text size="sm">{inheritedWords}</Text>
        )}
        <Group>
          <Button variant="subtle" size="xs" onClick={() => onHere(!here)}>
            {here
              ? t(hasInherited ? 'productProps.inherit' : 'productProps.useDefault', { what })
              : t('productProps.override', { what })}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
