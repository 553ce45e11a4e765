import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { pingQuery } from '../../api/admin.ts';
import { ApiError } from '../../api/errors.ts';

/** GET /v1/admin/ping every 30 s: the header says whether the cloud is operational. */
export function CloudStatus() {
  const { isPending, isError, error, dataUpdatedAt, errorUpdatedAt } = useQuery(pingQuery());
  const checked = new Date(Math.max(dataUpdatedAt, errorUpdatedAt)).toLocaleTimeString();
  // The browser refusing the cloud (CORS, this page's policy) is not the cloud being down.
  const blocked = error instanceof ApiError && error.code === 'BLOCKED';
  const [color, text] = isPending
    ? ['gray', 'Cloud: checking…']
    : isError
      ? ['red', blocked ? 'Cloud blocked by the browser' : 'Cloud unreachable']
      : ['green', 'Cloud operational'];
  return (
    <Badge
      variant={isError ? 'filled' : 'light'}
      color={color}
      role="status"
      title={isPending ? undefined : blocked ? error.message : `Checked at ${checked}`}
      visibleFrom="xs"
    >
      {text}
    </Badge>
  );
}
