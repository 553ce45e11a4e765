import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { ActiveBadge, ChannelTypeBadge } from '../../components/channel-badges.tsx';
import { Copyable } from '../../components/copyable.tsx';
import { PageHeader } from '../../components/page-header.tsx';
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

export function ChannelHeader({ channel }: { channel: ChannelRecord }) {
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
              Members
            </Anchor>
          )}
          <Anchor component={Link} to={paths.channelHistory.href(channel.uuid)}>
            History
          </Anchor>
        </>
      }
    />
  );
}

/** The interval means nothing until push has an address. */
function pushIntervalNote(channel: ChannelRecord): string {
  if (channel.pushURL === undefined) return ' (no push address)';
  return channel.pushInterval === 0 ? ' (each event at once)' : '';
}

/** Every field of the record the cloud answered, and what an absent field means. */
export function ChannelDetails({ channel }: { channel: ChannelRecord }) {
  const propertyCount = channel.properties ? Object.keys(channel.properties).length : 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="record-title">
      <Title order={2} size="h4" mb="sm" id="record-title">
        Record
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="dl" m={0}>
        <Field label="UUID">
          <Copyable value={channel.uuid} label="UUID" />
        </Field>
        <Field label="Type">{channel.channelType}</Field>
        <Field label="Name">{channel.name}</Field>
        {(channel.channelType === 'NODE' || channel.channelType === 'GATEWAY') && (
          <Field label="Serial (reference)">
            {channel.reference ?? (
              <Text span c="dimmed" size="sm">
                Not given by this cloud
              </Text>
            )}
          </Field>
        )}
        <Field label="Active">{channel.active ? 'Yes' : 'No (decommissioned)'}</Field>
        <Field label="Push interval">
          {channel.pushInterval === undefined
            ? '—'
            : `${channel.pushInterval} s${pushIntervalNote(channel)}`}
        </Field>
        <Field label="Push address">
          {channel.pushURL ?? (
            <Text span c="dimmed" size="sm">
              Not configured
            </Text>
          )}
        </Field>
        <Field label="Properties">
          {propertyCount === 0 ? (
            <Text span c="dimmed" size="sm">
              None
            </Text>
          ) : (
            `${propertyCount} ${propertyCount === 1 ? 'key' : 'keys'}`
          )}
        </Field>
      </SimpleGrid>
    </Paper>
  );
}
