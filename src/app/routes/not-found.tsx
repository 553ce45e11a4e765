import { Button, EmptyState } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { t } from '../../i18n/i18n.ts';

export function NotFound({ what = 'page' }: { what?: 'page' | 'channel' }) {
  return (
    <EmptyState
      title={t(what === 'channel' ? 'notFound.channel' : 'notFound.page')}
      description={t('notFound.description')}
      mt="xl"
    >
      <Button component={Link} to={paths.channels.href()} variant="light">
        {t('common.goToChannels')}
      </Button>
    </EmptyState>
  );
}
