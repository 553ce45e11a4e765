import { Badge } from '@mantine/core';
import type { LiveMode } from '../api/live-events.ts';

const shown: Record<LiveMode['kind'], { label: string; color: string }> = {
  connecting: { label: 'Connecting live…', color: 'gray' },
  // Dark enough for white text to read (WCAG AA).
  live: { label: 'Live', color: '#237032' },
  reconnecting: { label: 'Live: reconnecting…', color: 'orange' },
  refused: { label: 'Not live', color: 'red' },
  past: { label: 'Not live: a past moment', color: 'gray' },
  unavailable: { label: 'Not live', color: 'gray' },
};

/** Why the page is or is not live, in a sentence (the badge's tooltip, the page's status line). */
export function liveSentence(mode: LiveMode): string {
  switch (mode.kind) {
    case 'connecting':
      return 'Connecting to the live stream…';
    case 'live':
      return 'Live: readings appear as the cloud receives them.';
    case 'reconnecting':
      return `The live stream was interrupted (${mode.reason}); reconnecting, and what arrived meanwhile will follow.`;
    case 'refused':
      return `Not live: ${mode.message}`;
    case 'past':
      return 'Not live: showing the past.';
    case 'unavailable':
      return (
        `Not live: this cloud offers no live stream, so the console asks again every ${mode.every}.` +
        (mode.failed ? ` The last time it could not: ${mode.failed}` : '')
      );
  }
}

/**
 * Says plainly whether what the page shows moves by itself: live, reconnecting, or not live and
 * why (its name is the whole sentence). A live region: a person using a screen reader hears the stream drop and return.
 */
export function LiveBadge({ mode }: { mode: LiveMode }) {
  const { label, color } = shown[mode.kind];
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
