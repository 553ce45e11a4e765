import { Button, EmptyState, Group } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../i18n/i18n.ts';
import { paths } from '../lib/paths.ts';

export interface UnreachableChannelProps {
  /** 404 (or a malformed address): gone or out of reach, which the cloud does not tell apart. */
  why: 'missing' | 'forbidden';
  /** The channel's name where the console saw it before (a list, the Fleet map). */
  name: string | undefined;
}

/**
 * A channel the cloud will not show: said in words, by its name where the console knows it (never
 * its UUID), with the ways back and no Retry, since asking again brings the same refusal.
 */
export function UnreachableChannel({ why, name }: UnreachableChannelProps) {
  const title =
    why === 'missing'
      ? name === undefined
        ? t('notFound.channel')
        : t('history.unreachable.missingNamed', { name })
      : name === undefined
        ? t('history.unreachable.forbidden')
        : t('history.unreachable.forbiddenNamed', { name });
  return (
    <EmptyState
      title={title}
      description={t(
        why === 'missing'
          ? 'history.unreachable.missingDescription'
          : 'history.unreachable.forbiddenDescription',
      )}
      mt="xl"
    >
      <Group justify="center" gap="sm" wrap="wrap">
        <Button component={Link} to={paths.fleet.href()} variant="light">
          {t('history.unreachable.goToFleet')}
        </Button>
        <Button component={Link} to={paths.channels.href()} variant="light">
          {t('common.goToChannels')}
        </Button>
      </Group>
    </EmptyState>
  );
}
