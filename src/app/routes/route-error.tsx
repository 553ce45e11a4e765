import { Alert, Button, Code, Container, Group, Stack, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { NotFound } from './not-found.tsx';
import { paths } from '../../lib/paths.ts';

/** Error boundary of every route: not-found, refused, unreachable, or a bug, each told apart. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (error instanceof ApiError && error.status === 404) return <NotFound what="channel" />;
  if (error instanceof ApiError) {
    return (
      <Container size="sm" py="xl">
        <ApiErrorAlert error={error} onRetry={() => window.location.reload()} />
      </Container>
    );
  }
  // A chunk that failed to load after a new deployment: a reload fetches the new one.
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Alert color="red" role="alert" title="The console hit an unexpected error">
          <Code block>{message}</Code>
        </Alert>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="default" component={Link} to={paths.home.href()}>
            Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
