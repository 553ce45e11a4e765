import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { channelAuditQuery } from '../../api/audit.ts';
import { channelListQuery } from '../../api/channels.ts';
import { accessQuery, channelLookupQuery } from '../../api/people.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { AuditEntries } from '../../components/audit-entries.tsx';
import { t } from '../../i18n/i18n.ts';
import { explainAccess } from './explain-access.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MATCHES_SHOWN = 8;

interface Pickable {
  uuid: string;
  name: string;
  reference?: string | undefined;
}

/**
 * The channels named like `wanted`: with the cloud's lookup, among every channel of the tenants
 * where the caller looks people up (support must explain channels out of their own reach);
 * without it, among the caller's own reach.
 */
function useMatches(wanted: string, lookup: boolean) {
  const [asked] = useDebouncedValue(wanted, 250);
  const found = useQuery({ ...channelLookupQuery(asked), enabled: lookup && asked !== '' });
  const reach = useQuery({ ...channelListQuery({}), enabled: !lookup });
  if (lookup) {
    const settled = asked === wanted && found.data !== undefined;
    return { matches: found.data ?? [], settled, error: found.error };
  }
  const matches = (reach.data ?? []).filter(
    (c) =>
      c.name.toLowerCase().includes(wanted) || (c.reference ?? '').toLowerCase().includes(wanted),
  );
  return { matches, settled: reach.data !== undefined, error: reach.error };
}

/** Pick a channel: by name or serial, or by its UUID (any channel). */
function ChannelPicker({ onPick, lookup }: { onPick: (uuid: string) => void; lookup: boolean }) {
  const [text, setText] = useState('');
  const wanted = text.trim().toLowerCase();
  const { matches: all, settled, error } = useMatches(wanted, lookup);
  const matches: Pickable[] = wanted === '' ? [] : all.slice(0, MATCHES_SHOWN);
  return (
    <Stack gap="xs">
      <TextInput
        label={t('people.check.channel')}
        description={t(lookup ? 'people.check.channelHintTenant' : 'people.check.channelHint')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={100}
        type="search"
      />
      {error && <ApiErrorAlert error={error} />}
      <Group gap="xs">
        {UUID.test(text.trim()) && (
          <Button size="compact-sm" variant="light" onClick={() => onPick(text.trim())}>
            {t('people.check.pickUuid')}
          </Button>
        )}
        {matches.map((channel) => (
          <Button
            key={channel.uuid}
            size="compact-sm"
            variant="default"
            onClick={() => onPick(channel.uuid)}
          >
            {channel.reference
              ? t('people.check.pickWithSerial', { name: channel.name, serial: channel.reference })
              : channel.name}
          </Button>
        ))}
      </Group>
      {wanted !== '' && settled && matches.length === 0 && !UUID.test(text.trim()) && (
        <Text size="sm" c="dimmed">
          {t(lookup ? 'people.check.noMatchTenant' : 'people.check.noMatch')}
        </Text>
      )}
    </Stack>
  );
}

function Explanation({
  channelUuid,
  userId,
  auditOffered,
}: {
  channelUuid: string;
  userId: string;
  auditOffered: boolean;
}) {
  const { data, error, isPending, refetch } = useQuery(accessQuery(channelUuid, userId));
  const changes = useQuery({
    ...channelAuditQuery(channelUuid, 5),
    enabled: auditOffered,
  });
  if (isPending) return <Skeleton h={160} />;
  if (!data) return <ApiErrorAlert error={error} onRetry={() => void refetch()} />;
  const words = explainAccess(data);
  const recent = changes.data?.entries ?? [];
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('people.check.title', { person: data.person.username, channel: data.channel.name })}
      </Title>
      <Stack gap={4} aria-label={t('people.check.reach')} role="group">
        {words.reach.map((sentence) => (
          <Text key={sentence} size="sm">
            {sentence}
          </Text>
        ))}
        {words.reachChange && (
          <Text size="sm" c="dimmed">
            {t('people.check.wouldChange', { change: words.reachChange })}
          </Text>
        )}
      </Stack>
      <List spacing="xs" listStyleType="none" p={0} aria-label={t('people.check.verdicts')}>
        {words.verdicts.map((verdict) => (
          <List.Item key={verdict.operation}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge color={verdict.allowed ? 'green' : 'red'} variant="light" miw={84}>
                {t(verdict.allowed ? 'people.check.allowed' : 'people.check.refused')}
              </Badge>
              <Stack gap={0}>
                <Text size="sm" title={verdict.technical}>
                  {verdict.line}
                </Text>
                {verdict.change && (
                  <Text size="xs" c="dimmed">
                    {t('people.check.wouldChange', { change: verdict.change })}
                  </Text>
                )}
              </Stack>
            </Group>
          </List.Item>
        ))}
      </List>
      {auditOffered && recent.length > 0 && (
        <>
          <Title order={4} size="h6">
            {t('people.check.recentChanges', { channel: data.channel.name })}
          </Title>
          <AuditEntries
            entries={recent}
            label={t('people.check.recentChanges', { channel: data.channel.name })}
          />
        </>
      )}
    </Stack>
  );
}

/** "Check access": the verdict per operation for this person on a channel, and why. */
export function CheckAccess({
  userId,
  username,
  channelUuid,
  onChannel,
  offered,
  auditOffered,
  lookupOffered,
}: {
  userId: string;
  username: string;
  channelUuid: string | undefined;
  onChannel: (uuid: string | undefined) => void;
  offered: boolean;
  auditOffered: boolean;
  /** The cloud finds channels by name beyond the caller's reach (GET /v1/channels/lookup). */
  lookupOffered: boolean;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="check-title">
      <Title order={2} size="h4" mb="sm" id="check-title">
        {t('people.check.heading', { username })}
      </Title>
      {!offered ? (
        <Alert color="yellow">{t('people.check.notOffered')}</Alert>
      ) : (
        <Stack gap="md">
          {channelUuid === undefined ? (
            <ChannelPicker onPick={onChannel} lookup={lookupOffered} />
          ) : (
            <>
              <Group>
                <Button size="compact-sm" variant="subtle" onClick={() => onChannel(undefined)}>
                  {t('people.check.another')}
                </Button>
              </Group>
              <Explanation channelUuid={channelUuid} userId={userId} auditOffered={auditOffered} />
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}
