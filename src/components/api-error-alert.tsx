import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../api/errors.ts';

function describe(error: unknown): { title: string; detail: string } {
  if (!(error instanceof ApiError)) {
    return { title: 'Something went wrong', detail: error instanceof Error ? error.message : '' };
  }
  switch (error.code) {
    case 'FORBIDDEN':
      return { title: 'Refused by the cloud', detail: error.message };
    case 'NOT_FOUND':
      return { title: 'Not found', detail: error.message };
    case 'NETWORK':
      return { title: 'The cloud cannot be reached', detail: error.message };
    case 'BLOCKED':
      return { title: 'The browser refused the connection', detail: error.message };
    case 'TOO_MANY_REQUESTS':
      return { title: 'Too many attempts', detail: error.message };
    case 'BAD_REQUEST':
    case 'CONFLICT':
    case 'PAYLOAD_TOO_LARGE':
      return { title: 'The cloud did not accept this', detail: error.message };
    default:
      return { title: 'The cloud could not do this', detail: error.message };
  }
}

export interface ApiErrorAlertProps {
  error: unknown;
  /** What was being done, e.g. "Saving properties failed". */
  title?: string;
  onRetry?: () => void;
  children?: ReactNode;
}

/** Says what the cloud refused, in its own words, and offers a retry when one can help. */
export function ApiErrorAlert({ error, title, onRetry, children }: ApiErrorAlertProps) {
  const { title: fallback, detail } = describe(error);
  return (
    <Alert color="red" variant="light" title={title ?? fallback} role="alert">
      <Text size="sm">{detail}</Text>
      {children}
      {onRetry && (
        <Group mt="xs">
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        </Group>
      )}
    </Alert>
  );
}
