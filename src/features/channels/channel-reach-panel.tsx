import { Anchor, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { channelReachQuery } from '../../api/people.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { t } from '../../i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';

/**
 * The groups the channel (or its node) is in and how many people reach it; the list of them
 * where the cloud gives it (to whoever may look people up), each a link to check their access.
 */
export function ChannelReachPanel({ channelUuid }: { channelUuid: string }) {
  const { data, error, isPending } = useQuery(channelReachQuery(channelUuid));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="reach-title">
      <Title order={2} size="h4" mb="sm" id="reach-title">
        {t('channelReach.title')}
      </Title>
      {isPending && <Skeleton h={60} />}
      {error && <ApiErrorAlert error={error} />}
      {data && (
        <Stack gap="xs">
          {data.groups.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('channelReach.noGroup')}
            </Text>
          ) : (
            <List size="sm" aria-label={t('channelReach.groups')}>
              {data.groups.map(({ group, member }) => (
                <List.Item key={`${group.uuid}:${member.uuid}`}>
                  <Anchor component={Link} to={paths.group.href(group.uuid)} size="sm">
                    {member.uuid === channelUuid
                      ? group.name
                      : t('channelReach.viaNode', { group: group.name, node: member.name })}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
          <Text size="sm">{t('channelReach.people', { count: data.people.count })}</Text>
          {data.people.list && data.people.list.length > 0 && (
            <List size="sm" aria-label={t('channelReach.peopleList')}>
              {data.people.list.map((person) => (
                <List.Item key={person.id}>
                  <Anchor
                    component={Link}
                    to={paths.people.href({ person: person.id, channel: channelUuid })}
                    size="sm"
                  >
                    {person.username}
                  </Anchor>{' '}
                  <Text span size="xs" c="dimmed">
                    {person.name} · {person.tenant}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
    </Paper>
  );
}
