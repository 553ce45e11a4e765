import { Alert, Button, Group, Progress, Text } from '@mantine/core';
import { ApiError, isApiError } from '../../api/errors.ts';
import { useRangeProgress, type RangeHistory } from '../../api/history-engine/use-range-history.ts';
import { t } from '../../i18n/i18n.ts';
import { errorWords } from '../../components/error-words.ts';

/** A refusal (no permission, out of reach) is answered the same however often it is asked. */
const refused = (error: unknown) =>
  error instanceof ApiError && [400, 403, 404].includes(error.status);

/** The cloud's own words for a refusal; the console's where the answer could not be read. */
function message(error: unknown): string {
  if (error instanceof ApiError && error.code === 'INVALID_RESPONSE')
    return t('readings.invalidAnswer', { detail: error.message });
  return error instanceof Error && error.message !== ''
    ? errorWords(error)
    : t('readings.loadFailed');
}

/** How far the range has loaded, with cancel while it loads and resume after a stop. */
export function LoadProgress({ history }: { history: RangeHistory }) {
  const progress = useRangeProgress(history, (p) => p);
  const total = history.pieces.length;
  const percent = total === 0 ? 100 : Math.round((progress.done / total) * 100);
  const counts = { done: progress.done, total, messages: progress.messages };
  if (progress.status === 'done' && total <= 1) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('readings.messages', { count: progress.messages })}
      </Text>
    );
  }
  return (
    <div>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" role="status">
          {t(progress.status === 'done' ? 'readings.progressAll' : 'readings.progress', counts)}
        </Text>
        {progress.status === 'loading' && (
          <Button size="compact-sm" variant="subtle" onClick={history.cancel}>
            {t('common.cancel')}
          </Button>
        )}
        {progress.status === 'cancelled' && (
          <Button size="compact-sm" variant="light" onClick={history.resume}>
            {t('readings.loadRest')}
          </Button>
        )}
      </Group>
      <Progress
        value={percent}
        // No easing of the bar's width: each day's step animated in frames of layout and paint
        // of the whole page, a few hundred frames over a month's load (issue 20).
        transitionDuration={0}
        aria-label={t('readings.loaded')}
        color={progress.status === 'failed' ? 'red' : undefined}
      />
      {progress.status === 'failed' && refused(progress.error) && (
        <Alert color="gray" variant="light" title={t('readings.refused.title')} mt="xs" role="note">
          {isApiError(progress.error, 404) ? (
            // The cloud's words name the channel by its UUID; the page already names it.
            <Text size="sm">{t('history.unreachable.historyGone')}</Text>
          ) : (
            <>
              <Text size="sm">{message(progress.error)}</Text>
              <Text size="sm">{t('readings.refused.explain')}</Text>
            </>
          )}
        </Alert>
      )}
      {progress.status === 'failed' && !refused(progress.error) && (
        <Alert
          color="red"
          variant="light"
          title={t('readings.partFailed.title')}
          mt="xs"
          role="alert"
        >
          <Text size="sm">{message(progress.error)}</Text>
          <Text size="sm">{t('readings.partFailed.explain')}</Text>
          <Button size="xs" mt="xs" variant="light" color="red" onClick={history.resume}>
            {t('readings.resume')}
          </Button>
        </Alert>
      )}
    </div>
  );
}
