import { Alert, Text } from '@mantine/core';
import { t } from '../../i18n/i18n.ts';

export interface NoHistoryAccessProps {
  /** Why, in the person's words ("your role does not allow reading the history of …"). */
  reason: string;
  /** The permission's technical name, for support ("needs READ on assets.history …"). */
  technical: string;
}

/** Says why history is unavailable and what would make it available; asks the cloud nothing. */
export function NoHistoryAccess({ reason, technical }: NoHistoryAccessProps) {
  return (
    <Alert color="indigo" variant="light" title={t('history.noAccess.title')} role="note">
      <Text size="sm">{t('history.noAccess.why', { reason })}</Text>
      <Text size="sm" mt="xs">
        {t('history.noAccess.ask')}
      </Text>
      <Text size="xs" c="dimmed" mt="xs">
        {t('permission.technical', { technical })}
      </Text>
    </Alert>
  );
}
