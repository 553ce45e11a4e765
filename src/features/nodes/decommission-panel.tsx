import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { GuardedButton } from '../../components/guarded-button.tsx';
import { focusPageHeading } from '../../components/move-focus.ts';
import { mayOnChannel } from '../../lib/permissions.ts';
import { DecommissionDialog } from './decommission-dialog.tsx';
import { t } from '../../i18n/i18n.ts';

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
            {t('nodes.decommission.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('nodes.decommission.explain')}
          </Text>
        </Stack>
        <GuardedButton
          verdict={verdict}
          color="red"
          variant="light"
          onClick={() => setOpened(true)}
        >
          {t('nodes.decommission.open')}
        </GuardedButton>
      </Group>
      <DecommissionDialog
        node={node}
        opened={opened}
        onClose={() => setOpened(false)}
        // This panel goes with the node's activity: the channel's heading takes the focus.
        onDone={() => focusPageHeading()}
      />
    </Paper>
  );
}
