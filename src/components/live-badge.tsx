import { Badge } from '@mantine/core';
import type { LiveMode } from '../api/live-events.ts';
import { t } from '../i18n/i18n.ts';
import type { MessageId } from '../i18n/messages/en.ts';

const colors: Record<LiveMode['kind'], string> = {
  connecting: 'gray',
  // Dark enough for white text to read (WCAG AA).
  live: '#237032',
  reconnecting: 'orange',
  refused: 'red',
  past: 'gray',
  unavailable: 'gray',
};

const labels: Record<LiveMode['kind'], MessageId> = {
  connecting: 'live.badge.connecting',
  live: 'live.badge.live',
  reconnecting: 'live.badge.reconnecting',
  refused: 'live.badge.refused',
  past: 'live.badge.past',
  unavailable: 'live.badge.unavailable',
};

/** Why the page is or is not live, in a sentence (the badge's tooltip, the page's status line). */
export function liveSentence(mode: LiveMode): string {
  switch (mode.kind) {
    case 'connecting':
    case 'live':
    case 'past':
      return t(`live.sentence.${mode.kind}`);
    case 'reconnecting':
      return t('live.sentence.reconnecting', { reason: mode.reason });
    case 'refused':
      return t('live.sentence.refused', { message: mode.message });
    case 'unavailable':
      return mode.failed
        ? t('live.sentence.unavailableFailed', { every: mode.every, failed: mode.failed })
        : t('live.sentence.unavailable', { every: mode.every });
  }
}

/**
 * Says plainly whether what the page shows moves by itself: live, reconnecting, or not live and
 * why (its name is the whole sentence). A live region: a person using a screen reader hears the stream drop and return.
 */
export function LiveBadge({ mode }: { mode: LiveMode }) {
  const color = colors[mode.kind];
  const label = t(labels[mode.kind]);
  return (
    <Badge
      color={color}
      variant={mode.kind === 'live' ? 'filled' : 'light'}
      size="lg"
      role="status"
      aria-label={liveSentence(mode)}
      title={liveSentence(mode)}
    >
      {label}
    </Badge>
  );
}
