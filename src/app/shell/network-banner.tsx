import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCloudReachable } from '../../api/network-status.ts';
import { t } from '../../i18n/i18n.ts';

/** When requests stop reaching the cloud: say so above the page, and offer to try again. */
export function NetworkBanner() {
  const reachable = useCloudReachable();
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  if (reachable) return null;
  const retry = async () => {
    setRetrying(true);
    await queryClient.refetchQueries({ type: 'active' });
    setRetrying(false);
  };
  return (
    <Alert color="orange" variant="light" role="alert" py="xs" mb="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={500}>
          {t('network.unreachable')}
        </Text>
        <Button
          size="xs"
          variant="white"
          color="dark"
          loading={retrying}
          onClick={() => void retry()}
        >
          {t('network.retryNow')}
        </Button>
      </Group>
    </Alert>
  );
}
