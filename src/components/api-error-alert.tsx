import { Alert, Button, Code, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../api/errors.ts';
import { t } from '../i18n/i18n.ts';
import { say } from '../i18n/message.ts';
import { inPersonWords } from '../lib/person-words.ts';
import { TechnicalDetails } from './technical-details.tsx';

interface Described {
  title: string;
  detail: string;
  color: string;
}

/**
 * What happened, for the person. `change`: the request would have changed something, so an
 * outage means it did not happen (and the form keeps what was typed).
 */
function describe(error: unknown, change: boolean, names?: Record<string, string>): Described {
  if (!(error instanceof ApiError)) {
    return {
      title: t('apiError.unexpected.title'),
      detail: t('apiError.unexpected.detail'),
      color: 'red',
    };
  }
  const words = error.words ? say(error.words) : inPersonWords(error.message, names);
  if (error.isCloudWaiting) {
    // The cloud answered, in the interface's words: it is up, something behind it (its
    // database, its identity provider) is not. Its reason is worth showing; it passes by itself.
    return {
      title: t('apiError.waiting.title'),
      detail: t(change ? 'apiError.waiting.change' : 'apiError.waiting.read', { words }),
      color: 'orange',
    };
  }
  if (error.isOutage) {
    return {
      title: t('apiError.outage.title'),
      detail: t(change ? 'apiError.outage.change' : 'apiError.outage.read'),
      color: 'orange',
    };
  }
  switch (error.code) {
    case 'FORBIDDEN':
      return { title: t('apiError.forbidden'), detail: words, color: 'red' };
    case 'NOT_FOUND':
      return { title: t('apiError.notFound'), detail: words, color: 'red' };
    case 'BLOCKED':
      return { title: t('apiError.blocked'), detail: words, color: 'red' };
    case 'TOO_MANY_REQUESTS':
      return { title: t('apiError.tooMany'), detail: words, color: 'red' };
    case 'CONFLICT':
      return { title: t('apiError.conflict'), detail: words, color: 'red' };
    case 'BAD_REQUEST':
    case 'PAYLOAD_TOO_LARGE':
      return { title: t('apiError.badRequest'), detail: words, color: 'red' };
    case 'INVALID_RESPONSE':
      return {
        title: t('apiError.invalid.title'),
        detail: t('apiError.invalid.detail'),
        color: 'red',
      };
    default:
      return { title: t('apiError.other'), detail: words, color: 'red' };
  }
}

/**
 * Status, code and the cloud's own words where the page said them otherwise: for whoever runs the
 * cloud, one click away.
 */
function technical(error: unknown, shown: string): string {
  if (error instanceof ApiError) {
    const status = error.status === 0 ? t('apiError.noAnswer') : `HTTP ${error.status}`;
    const words = error.message === shown ? undefined : error.message;
    return [`${status} · ${error.code}`, words, error.detail].filter(Boolean).join('\n');
  }
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

export interface ApiErrorAlertProps {
  error: unknown;
  /** What was being done, e.g. "Saving properties failed". */
  title?: string;
  /** The request would have changed something (a save, a removal), rather than read. */
  change?: boolean;
  /** Names of the cloud's parameters on this form, e.g. { to: 'Address' }. */
  fieldNames?: Record<string, string>;
  onRetry?: () => void;
  children?: ReactNode;
}

/** Says what the cloud refused in a person's words, and offers a retry when one can help. */
export function ApiErrorAlert({
  error,
  title,
  change = false,
  fieldNames,
  onRetry,
  children,
}: ApiErrorAlertProps) {
  const described = describe(error, change, fieldNames);
  return (
    <Alert color={described.color} variant="light" title={title ?? described.title} role="alert">
      <Text size="sm">{described.detail}</Text>
      {children}
      <TechnicalDetails>
        <Code block tabIndex={0}>
          {technical(error, described.detail)}
        </Code>
      </TechnicalDetails>
      {onRetry && (
        <Group mt="xs">
          <Button size="xs" variant="light" color={described.color} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
