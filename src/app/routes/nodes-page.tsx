import { Paper, Stack, Title } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { CommissionForm } from '../../features/nodes/commission-form.tsx';
import { NodeList } from '../../features/nodes/node-list.tsx';
import { t } from '../../i18n/i18n.ts';

export function Component() {
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={t('nodes.title')} description={t('nodes.description')} />
      <Paper withBorder p="md" component="section" aria-labelledby="commission-title">
        <Title order={2} size="h4" mb="sm" id="commission-title">
          {t('nodes.commissionTitle')}
        </Title>
        <CommissionForm />
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="nodes-title">
        <Title order={2} size="h4" mb="sm" id="nodes-title">
          {t('nodes.yourNodes')}
        </Title>
        <NodeList headingId="nodes-title" />
      </Paper>
    </Stack>
  );
}
