import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { ActiveBadge, ChannelTypeBadge } from '../../components/channel-badges.tsx';
import { Copyable } from '../../components/copyable.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { t } from '../../i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The page's title with its links. `checkAccess`: the cloud explains access and the person may
 * look people up, so "Check access for…" takes them to the People page with this channel chosen.
 */
export function ChannelHeader({
  channel,
  checkAccess = false,
}: {
  channel: ChannelRecord;
  checkAccess?: boolean;
}) {
  return (
    <PageHeader
      title={channel.name}
      badges={
        <>
          <ChannelTypeBadge type={channel.channelType} />
          <ActiveBadge active={channel.active} />
        </>
      }
      actions={
        <>
          {channel.channelType === 'GROUP' && (
            <Anchor component={Link} to={paths.group.href(channel.uuid)}>
              {t('record.members')}
            </Anchor>
          )}
          <Anchor component={Link} to={paths.channelHistory.href(channel.uuid)}>
            {t('record.history')}
          </Anchor>
          {checkAccess && (
            <Anchor component={Link} to={paths.people.href({ channel: channel.uuid })}>
              {t('record.checkAccess')}
            </Anchor>
          )}
        </>
      }
    />
  );
}

/** The interval means nothing until push has an address. */
function pushInterval(channel: ChannelRecord): string {
  if (channel.pushInterval === undefined) return '—';
  if (channel.pushURL === undefined) {
    return t('record.intervalNoAddress', { seconds: channel.pushInterval });
  }
  return channel.pushInterval === 0
    ? t('record.intervalAtOnce', { seconds: 0 })
    : t('record.interval', { seconds: channel.pushInterval });
}

/** Every field of the record the cloud answered, and what an absent field means. */
export function ChannelDetails({ channel }: { channel: ChannelRecord }) {
  const propertyCount = channel.properties ? Object.keys(channel.properties).length : 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="record-title">
      <Title order={2} size="h4" mb="sm" id="record-title">
        {t('record.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="dl" m={0}>
        <Field label={t('record.uuid')}>
          <Copyable value={channel.uuid} label={t('record.uuid')} />
        </Field>
        <Field label={t('record.type')}>{channel.channelType}</Field>
        <Field label={t('record.name')}>{channel.name}</Field>
        {(channel.channelType === 'NODE' || channel.channelType === 'GATEWAY') && (
          <Field label={t('record.serial')}>
            {channel.reference ?? (
              <Text span c="dimmed" size="sm">
                {t('record.notGiven')}
              </Text>
            )}
          </Field>
        )}
        <Field label={t('record.active')}>
          {channel.active ? t('common.yes') : t('record.decommissioned')}
        </Field>
        <Field label={t('record.pushInterval')}>{pushInterval(channel)}</Field>
        <Field label={t('record.pushAddress')}>
          {channel.pushURL ?? (
            <Text span c="dimmed" size="sm">
              {t('record.notConfigured')}
            </Text>
          )}
        </Field>
        <Field label={t('record.properties')}>
          {propertyCount === 0 ? (
            <Text span c="dimmed" size="sm">
              {t('common.none')}
            </Text>
          ) : (
            t('columns.keys', { count: propertyCount })
          )}
        </Field>
      </SimpleGrid>
    </Paper>
  );
}
