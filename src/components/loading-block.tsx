import { Skeleton } from '@mantine/core';

/**
 * A placeholder for a part of a page that is still loading: a busy status named by `label`, so
 * a screen reader says what is coming and checks that wait for a settled page wait for it. A
 * name on a plain element is not allowed (axe's aria-prohibited-attr, which a Skeleton with only
 * an aria-label failed on the history pages and the Fleet map).
 */
export function LoadingBlock({ height, label }: { height: number; label: string }) {
  return <Skeleton height={height} role="status" aria-busy="true" aria-label={label} />;
}
