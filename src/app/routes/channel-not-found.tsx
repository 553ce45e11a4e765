import { Button, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { extensionsQuery } from '../../api/extensions.ts';
import { accessQuery } from '../../api/people.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { explainAccess } from '../../features/people/explain-access.ts';
import { t } from '../../i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { tenantsWith } from '../../lib/permissions.ts';
import { NotFound } from './not-found.tsx';

/** The route's error boundary for a channel's 404: the channel from the address. */
export function ChannelRouteNotFound() {
  const { channelUuid = '' } = useParams();
  return <ChannelNotFound channelUuid={channelUuid} otherwise={<NotFound what="channel" />} />;
}

/**
 * A channel the cloud answered 404 for. The cloud answers the same for "does not exist" and "out
 * of your reach" (docs/decisions/0001); a person who may look people up can ask the explainer
 * about themselves, and is then told the channel exists, that they may not open it, and what
 * would change that, instead of "This channel does not exist" (issue 34).
 */
export function ChannelNotFound({
  channelUuid,
  otherwise,
}: {
  channelUuid: string;
  /** What to show when the explainer cannot tell (not offered, not allowed, no such channel). */
  otherwise: ReactNode;
}) {
  const { data: extensions } = useQuery(extensionsQuery());
  const { data: me } = useQuery(userinfoQuery());
  const canAsk =
    channelUuid !== '' &&
    extensions?.accessExplainer === true &&
    me !== undefined &&
    tenantsWith(me.permissions, 'users', 'READ').length > 0;
  const access = useQuery({ ...accessQuery(channelUuid, me?.sub ?? ''), enabled: canAsk });
  if (canAsk && access.isPending) return <Skeleton h={160} mt="xl" />;
  if (!access.data) return otherwise;
  const words = explainAccess(access.data);
  const channel = access.data.channel.name;
  return (
    <EmptyState title={t('notFound.notYours', { channel })} mt="xl">
      <Stack gap="xs" align="center">
        <Text size="sm">{t('notFound.notYoursExists')}</Text>
        {words.reach.map((sentence) => (
          <Text key={sentence} size="sm">
            {sentence}
          </Text>
        ))}
        {words.reachChange && (
          <Text size="sm">{t('notFound.notYoursNeeds', { change: words.reachChange })}</Text>
        )}
        <Group justify="center" gap="sm" wrap="wrap">
          <Button
            component={Link}
            to={paths.people.href({ channel: access.data.channel.uuid })}
            variant="light"
          >
            {t('notFound.checkSomeone')}
          </Button>
          <Button component={Link} to={paths.channels.href()} variant="light">
            {t('common.goToChannels')}
          </Button>
        </Group>
      </Stack>
    </EmptyState>
  );
}
