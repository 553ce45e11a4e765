import { Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { readLimits } from '../../../contract/temperature-limits.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { hasDraft } from '../../auth/drafts.ts';
import { SettingsPanel } from '../../components/settings-panel.tsx';
import { t } from '../../i18n/i18n.ts';
import { mayOnChannel } from '../../lib/permissions.ts';
import { inheritedValues, type Inherited } from './product-draft.ts';
import { ProductForm, productDraftKey } from './product-form.tsx';
import { limitsWords, sourceWords } from './product-words.ts';
import { useAncestors } from './use-ancestors.ts';

/**
 * What the product reads of this channel (temperature limits, silence, alarms on places): each
 * value in words with where it comes from, and a form to set it here or inherit it again.
 */
export function ProductPanel({ channel }: { channel: ChannelRecord }) {
  const permissions = usePermissions();
  const verdict = mayOnChannel(permissions, channel, 'UPDATE');
  const [editing, setEditing] = useState(() => hasDraft(productDraftKey(channel.uuid)));
  const { ancestors } = useAncestors(channel);
  const inherited = inheritedValues(ancestors);
  return (
    <SettingsPanel
      id="product-properties-title"
      title={t('productProps.title')}
      verdict={verdict}
      editing={editing}
      editLabel={t('properties.edit')}
      removable={false}
      onEdit={() => setEditing(true)}
      onRemove={() => undefined}
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('productProps.intro')}
      </Text>
      {editing ? (
        <ProductForm channel={channel} inherited={inherited} onDone={() => setEditing(false)} />
      ) : (
        <ProductSummary channel={channel} inherited={inherited} />
      )}
    </SettingsPanel>
  );
}

function ProductSummary({ channel, inherited }: { channel: ChannelRecord; inherited: Inherited }) {
  const own = channel.properties ?? {};
  const here = { here: true } as const;
  const reading = readLimits(own);
  const limits =
    reading.kind === 'limits'
      ? [limitsWords(reading.limits), sourceWords(here)]
      : reading.kind === 'invalid'
        ? [t('productProps.rule', { rule: reading.reason }), sourceWords(here)]
        : inherited.limits?.conflict
          ? [t('productProps.limits.conflict', { groups: inherited.limits.from.join(', ') }), '']
          : inherited.limits
            ? [limitsWords(inherited.limits), sourceWords({ from: inherited.limits.from })]
            : [t('limits.none'), sourceWords('default')];
  const silence =
    typeof own.silentAfterMinutes === 'number'
      ? [t('productProps.minutes', { minutes: own.silentAfterMinutes }), sourceWords(here)]
      : inherited.silence
        ? [
            t('productProps.minutes', { minutes: inherited.silence.minutes }),
            sourceWords({ from: inherited.silence.from }),
          ]
        : [t('productProps.silence.none'), sourceWords('default')];
  const places =
    typeof own.alarmOnPlaces === 'boolean'
      ? [t(own.alarmOnPlaces ? 'productProps.on' : 'productProps.off'), sourceWords(here)]
      : inherited.alarmOnPlaces
        ? [t('productProps.on'), sourceWords({ from: inherited.alarmOnPlaces.from })]
        : [t('productProps.off'), sourceWords('default')];
  const rows: [string, string[]][] = [
    [t('productProps.limits'), limits],
    [t('productProps.silence'), silence],
    [t('productProps.alarmOnPlaces'), places],
  ];
  return (
    <Table withTableBorder aria-label={t('productProps.title')}>
      <Table.Tbody>
        {rows.map(([label, [value, source]]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={500} w="30%">
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
            <Table.Td c="dimmed">{source}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
