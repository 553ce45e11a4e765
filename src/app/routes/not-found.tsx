import { Button, EmptyState } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';

export function NotFound({ what = 'page' }: { what?: string }) {
  return (
    <EmptyState
      title={`This ${what} does not exist`}
      description={`Or it is out of your reach: the cloud answers the same for both. Check the address, or find it from the lists.`}
      mt="xl"
    >
      <Button component={Link} to={paths.channels.href()} variant="light">
        Go to channels
      </Button>
    </EmptyState>
  );
}
