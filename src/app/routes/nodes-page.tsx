import { Paper, Stack, Title } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { CommissionForm } from '../../features/nodes/commission-form.tsx';
import { NodeList } from '../../features/nodes/node-list.tsx';

export function Component() {
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title="Nodes"
        description="Commission a device so its data reaches the cloud; decommission it when it leaves service."
      />
      <Paper withBorder p="md" component="section" aria-labelledby="commission-title">
        <Title order={2} size="h4" mb="sm" id="commission-title">
          Commission a node
        </Title>
        <CommissionForm />
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="nodes-title">
        <Title order={2} size="h4" mb="sm" id="nodes-title">
          Your nodes
        </Title>
        <NodeList />
      </Paper>
    </Stack>
  );
}
