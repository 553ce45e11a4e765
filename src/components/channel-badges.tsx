import { Badge, Text } from '@mantine/core';
import type { ChannelType } from '../../contract/channel.ts';

const colors: Record<ChannelType, string> = {
  NODE: 'blue',
  SENSOR: 'teal',
  GROUP: 'grape',
  GATEWAY: 'orange',
};

export const channelTypeLabels: Record<ChannelType, string> = {
  NODE: 'Node',
  SENSOR: 'Sensor',
  GROUP: 'Group',
  GATEWAY: 'Gateway',
};

export function ChannelTypeBadge({ type }: { type: ChannelType }) {
  return (
    <Badge color={colors[type]} variant="light" radius="sm">
      {channelTypeLabels[type]}
    </Badge>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge color="green" variant="dot">
      Active
    </Badge>
  ) : (
    <Badge color="gray" variant="dot">
      Inactive
    </Badge>
  );
}

/** Whether a channel pushes its events anywhere; the address itself is on its page. */
export function PushBadge({ pushURL }: { pushURL: string | undefined }) {
  return pushURL ? (
    <Badge variant="outline" color="indigo" size="sm">
      Push on
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}
