import { Table, Text } from '@mantine/core';
import { useEngineAnswer } from '../../api/history-engine/use-engine-answer.ts';
import type { RangeHistory } from '../../api/history-engine/use-range-history.ts';
import { formatInstant } from '../../lib/history/format-time.ts';

const show = (value: number | undefined) => (value === undefined ? '–' : String(value));

/** Function and version of each node, as changes over time. */
export function ConnPanel({ history }: { history: RangeHistory }) {
  const answer = useEngineAnswer(history, { kind: 'conn' });
  const changes = answer.data ?? [];
  if (changes.length === 0) {
    return (
      <Text c="dimmed" aria-busy={!answer.settled}>
        {history.status === 'loading'
          ? 'Loading connectivity…'
          : 'No connectivity messages in this range.'}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560} maxHeight={320} aria-busy={!answer.settled}>
      {/* One line per change: on a narrow screen the table scrolls sideways rather than wrap. */}
      <Table
        striped
        stickyHeader
        aria-label="Function and version changes"
        style={{ whiteSpace: 'nowrap' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Since</Table.Th>
            <Table.Th>Node</Table.Th>
            <Table.Th>Function</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Last reported</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={`${change.nodeUuid}-${change.since}`}>
              <Table.Td>{formatInstant(change.since)}</Table.Td>
              <Table.Td>{change.nodeName}</Table.Td>
              <Table.Td>{show(change.function)}</Table.Td>
              <Table.Td>{show(change.version)}</Table.Td>
              <Table.Td>{formatInstant(change.lastSeen)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
