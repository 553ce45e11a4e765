import { Anchor, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { channelAuditQuery } from '../../api/audit.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { AuditEntries } from '../../components/audit-entries.tsx';
import { t } from '../../i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';

const SHOWN = 10;

/** The channel's newest changes from the audit trail (including groups it joined or left). */
export function ChannelChanges({ channelUuid }: { channelUuid: string }) {
  const { data, error, isPending } = useQuery(channelAuditQuery(channelUuid, SHOWN));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="changes-title">
      <Title order={2} size="h4" mb="sm" id="changes-title">
        {t('channelChanges.title')}
      </Title>
      {isPending && <Skeleton h={80} />}
      {error && <ApiErrorAlert error={error} />}
      {data?.entries.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('channelChanges.none')}
        </Text>
      )}
      {data && data.entries.length > 0 && (
        <AuditEntries entries={data.entries} label={t('channelChanges.title')} />
      )}
      {data?.next !== undefined && (
        <Anchor component={Link} to={paths.activity.href({ channel: channelUuid })} size="sm">
          {t('channelChanges.all')}
        </Anchor>
      )}
    </Paper>
  );
}
