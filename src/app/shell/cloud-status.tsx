import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { pingQuery } from '../../api/admin.ts';
import { formatClock } from '../../lib/history/format-time.ts';

/** GET /v1/admin/ping every 30 s: the header says whether the cloud is operational. */
export function CloudStatus() {
  const { isPending, isError, dataUpdatedAt, errorUpdatedAt } = useQuery(pingQuery());
  const checked = formatClock(Math.max(dataUpdatedAt, errorUpdatedAt));
  const [color, text] = isPending
    ? ['gray', 'Cloud: checking…']
    : isError
      ? ['red', 'Cloud unreachable']
      : ['green', 'Cloud operational'];
  return (
    <Badge
      variant={isError ? 'filled' : 'light'}
      color={color}
      role="status"
      title={isPending ? undefined : `Checked at ${checked}`}
      visibleFrom="xs"
    >
      {text}
    </Badge>
  );
}
