import { Loader, Group, Text } from '@mantine/core';
import type { RangeHistory } from '../../api/history-engine/use-range-history.ts';

/** Days of the range still arriving: a panel with nothing yet says it is loading, not "none". */
export interface Pending {
  done: number;
  total: number;
}

/** How far a range that is still loading has got; undefined once it stopped. */
export const pendingOf = (history: RangeHistory): Pending | undefined =>
  history.status === 'loading' ? { done: history.done, total: history.pieces.length } : undefined;

/** The empty state of a history panel: "none in this range" only once every day has arrived. */
export function NothingYet({ what, pending }: { what: string; pending: Pending | undefined }) {
  if (!pending) return <Text c="dimmed">No {what} in this range.</Text>;
  return (
    <Group gap="xs">
      <Loader size="xs" aria-hidden />
      <Text c="dimmed">
        {pending.done === 0
          ? `Loading ${what}…`
          : `Loading ${what}… none in the ${pending.done} of ${pending.total} days loaded so far.`}
      </Text>
    </Group>
  );
}
