import { useDeferredValue, useState } from 'react';
import { Anchor, Button, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import { formatAgo } from '../../lib/history/format-time.ts';

const SHOWN = 100;

export interface NodeListProps {
  nodes: readonly FleetNode[];
  now: number;
  selected: string | undefined;
  onShow: (node: FleetNode) => void;
  historyPath: (node: FleetNode) => string;
}

/** The map's nodes as a list: findable by name and usable from the keyboard. */
export function NodeList({ nodes, now, selected, onShow, historyPath }: NodeListProps) {
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter.trim().toLowerCase());
  const matching = deferred
    ? nodes.filter((n) => n.nodeName.toLowerCase().includes(deferred))
    : nodes;
  return (
    <>
      <TextInput
        label="Find a node"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        size="xs"
        mb="xs"
      />
      <Table.ScrollContainer minWidth={0} maxHeight={480}>
        <Table
          stickyHeader
          highlightOnHover
          fz="sm"
          verticalSpacing={4}
          aria-label="Nodes on the map"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Node</Table.Th>
              <Table.Th>Last seen</Table.Th>
              <Table.Th>Temperature</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {matching.slice(0, SHOWN).map((node) => (
              <Table.Tr
                key={node.nodeUuid}
                bg={node.nodeUuid === selected ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Table.Td>{node.nodeName}</Table.Td>
                <Table.Td>{formatAgo(node.lastSeen, now)}</Table.Td>
                <Table.Td>
                  {node.lastTemperature ? `${node.lastTemperature.value} °C` : '–'}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => onShow(node)}
                    aria-label={`Show ${node.nodeName} on the map`}
                  >
                    Show
                  </Button>
                  <Anchor
                    component={Link}
                    to={historyPath(node)}
                    size="xs"
                    ml="xs"
                    aria-label={`History of ${node.nodeName}`}
                  >
                    History
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt={4}>
        {matching.length > SHOWN
          ? `Showing ${SHOWN} of ${matching.length.toLocaleString()} nodes; type to narrow the list.`
          : `${matching.length.toLocaleString()} ${matching.length === 1 ? 'node' : 'nodes'}`}
      </Text>
    </>
  );
}
