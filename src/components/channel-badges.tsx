import { Badge, Text } from '@mantine/core';
import type { ChannelType } from '../../contract/channel.ts';
import { t } from '../i18n/i18n.ts';

const colors: Record<ChannelType, string> = {
  NODE: 'blue',
  SENSOR: 'teal',
  GROUP: 'grape',
  GATEWAY: 'orange',
};

/** A channel type in the person's language (called when shown: docs/i18n.md). */
export const channelTypeLabel = (type: ChannelType): string => t(`channel.type.${type}`);

export function ChannelTypeBadge({ type }: { type: ChannelType }) {
  return (
    <Badge color={colors[type]} variant="light" radius="sm">
      {channelTypeLabel(type)}
    </Badge>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge color="green" variant="dot">
      {t('channel.active')}
    </Badge>
  ) : (
    <Badge color="gray" variant="dot">
      {t('channel.inactive')}
    </Badge>
  );
}

/** Whether a channel pushes its events anywhere; the address itself is on its page. */
export function PushBadge({ pushURL }: { pushURL: string | undefined }) {
  return pushURL ? (
    <Badge variant="outline" color="indigo" size="sm">
      {t('channel.pushOn')}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}
