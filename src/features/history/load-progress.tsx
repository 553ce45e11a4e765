import { Alert, Button, Group, Progress, Text } from '@mantine/core';
import { ApiError } from '../../api/errors.ts';
import type { RangeHistory } from '../../api/history-engine/use-range-history.ts';

/** A refusal (no permission, out of reach) is answered the same however often it is asked. */
const refused = (error: unknown) =>
  error instanceof ApiError && [400, 403, 404].includes(error.status);

function message(error: unknown): string {
  return error instanceof Error ? error.message : 'The history could not be loaded.';
}

/** How far the range has loaded, with cancel while it loads and resume after a stop. */
export function LoadProgress({ history }: { history: RangeHistory }) {
  const total = history.pieces.length;
  const percent = total === 0 ? 100 : Math.round((history.done / total) * 100);
  const summary = `${history.done} of ${total} ${total === 1 ? 'day' : 'days'} loaded, ${history.messages.toLocaleString()} messages`;
  if (history.status === 'done' && total <= 1) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {history.messages.toLocaleString()} messages
      </Text>
    );
  }
  return (
    <div>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" role="status">
          {history.status === 'done' ? `All ${summary}` : summary}
        </Text>
        {history.status === 'loading' && (
          <Button size="compact-sm" variant="subtle" onClick={history.cancel}>
            Cancel
          </Button>
        )}
        {history.status === 'cancelled' && (
          <Button size="compact-sm" variant="light" onClick={history.resume}>
            Load the rest
          </Button>
        )}
      </Group>
      <Progress
        value={percent}
        aria-label="History loaded"
        color={history.status === 'failed' ? 'red' : undefined}
      />
      {history.status === 'failed' && refused(history.error) && (
        <Alert
          color="gray"
          variant="light"
          title="The cloud does not let you read this"
          mt="xs"
          role="note"
        >
          <Text size="sm">{message(history.error)}</Text>
          <Text size="sm">
            What has arrived stays on screen. Asking again would be refused the same way; an
            administrator of the tenant can give you the permission it names.
          </Text>
        </Alert>
      )}
      {history.status === 'failed' && !refused(history.error) && (
        <Alert
          color="red"
          variant="light"
          title="Part of the range could not be loaded"
          mt="xs"
          role="alert"
        >
          <Text size="sm">{message(history.error)}</Text>
          <Text size="sm">
            What has arrived stays on screen; resuming asks only for the missing days.
          </Text>
          <Button size="xs" mt="xs" variant="light" color="red" onClick={history.resume}>
            Resume
          </Button>
        </Alert>
      )}
    </div>
  );
}
