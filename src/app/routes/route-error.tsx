import { Alert, Button, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { TechnicalDetails } from '../../components/technical-details.tsx';
import { NotFound } from './not-found.tsx';
import { LoadingBlock } from '../../components/loading-block.tsx';
import { paths } from '../../lib/paths.ts';
import { t } from '../../i18n/i18n.ts';

// Asks the access explainer (the people pages' words and code): fetched only when a channel is
// not found, so that the first page does not carry it.
const ChannelRouteNotFound = lazy(() =>
  import('./channel-not-found.tsx').then((module) => ({ default: module.ChannelRouteNotFound })),
);

/** Error boundary of every route: not-found, refused, unreachable, or a bug, each told apart. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Suspense fallback={<LoadingBlock height={160} label={t('common.loadingPage')} />}>
        <ChannelRouteNotFound />
      </Suspense>
    );
  }
  if (error instanceof ApiError) {
    return (
      <Container size="sm" py="xl">
        <ApiErrorAlert error={error} onRetry={() => window.location.reload()} />
      </Container>
    );
  }
  // A chunk that failed to load after a new deployment: a reload fetches the new one.
  const chunk =
    error instanceof Error && /dynamically imported module|Failed to fetch/i.test(error.message);
  const technical =
    error instanceof Error
      ? `${error.name}: ${error.message}\n${error.stack ?? ''}`
      : String(error);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          {t('error.title')}
        </Title>
        <Alert color="red" role="alert" title={t('error.alertTitle')}>
          <Text size="sm">{chunk ? t('error.chunk') : t('error.unexpected')}</Text>
          <TechnicalDetails>
            <Code block tabIndex={0}>
              {technical.trim()}
            </Code>
          </TechnicalDetails>
        </Alert>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
          <Button variant="default" component={Link} to={paths.home.href()}>
            {t('error.home')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
