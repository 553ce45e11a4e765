import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { GuardedButton } from '../../components/guarded-button.tsx';
import { mayOnChannel } from '../../lib/permissions.ts';
import { DecommissionDialog } from './decommission-dialog.tsx';

export function DecommissionPanel({ node }: { node: ChannelRecord }) {
  const permissions = usePermissions();
  const verdict = mayOnChannel(permissions, node, 'DELETE');
  const [opened, setOpened] = useState(false);
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="decommission-title"
      style={{ borderColor: 'var(--mantine-color-red-outline)' }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="decommission-title">
            Decommission
          </Title>
          <Text size="sm" c="dimmed">
            Detach this node and its sensors from every group and clear its owner.
          </Text>
        </Stack>
        <GuardedButton
          verdict={verdict}
          color="red"
          variant="light"
          onClick={() => setOpened(true)}
        >
          Decommission…
        </GuardedButton>
      </Group>
      <DecommissionDialog node={node} opened={opened} onClose={() => setOpened(false)} />
    </Paper>
  );
}
