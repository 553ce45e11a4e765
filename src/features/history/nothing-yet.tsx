import { Loader, Group, Text } from '@mantine/core';
import { useRangeProgress, type RangeHistory } from '../../api/history-engine/use-range-history.ts';
import { t } from '../../i18n/i18n.ts';

/** Days of the range still arriving: a panel with nothing yet says it is loading, not "none". */
export interface Pending {
  done: number;
  total: number;
}

/** How far a range that is still loading has got; undefined once it stopped. */
function usePending(history: RangeHistory): Pending | undefined {
  const done = useRangeProgress(history, (p) => (p.status === 'loading' ? p.done : undefined));
  return done === undefined ? undefined : { done, total: history.pieces.length };
}

/** What a panel shows, as its messages name it (readings.none and the rest select by it). */
type NothingKind = 'positions' | 'messages' | 'conn' | 'temperatures';

/**
 * The empty state of a history panel: "none in this range" only once every day has arrived. It
 * follows the days arriving itself, so the panel around it is not rendered again for each.
 */
export function NothingYet({ what, history }: { what: NothingKind; history: RangeHistory }) {
  const pending = usePending(history);
  if (!pending) return <Text c="dimmed">{t('readings.none', { what })}</Text>;
  return (
    <Group gap="xs">
      <Loader size="xs" aria-hidden />
      <Text c="dimmed">
        {pending.done === 0
          ? t('readings.loading', { what })
          : t('readings.loadingSoFar', { what, done: pending.done, total: pending.total })}
      </Text>
    </Group>
  );
}
