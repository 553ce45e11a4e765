import { memo, useDeferredValue, useState } from 'react';
import { Anchor, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import { formatAgo } from '../../lib/history/format-time.ts';
import styles from './fleet.module.css';

const SHOWN = 100;
/** "12 min ago", "-18.5 °C" and the link stay on one line; only long node names wrap. */
const nowrap = { whiteSpace: 'nowrap' } as const;
const numbers = { ...nowrap, fontVariantNumeric: 'tabular-nums' } as const;

export interface NodeListProps {
  nodes: readonly FleetNode[];
  now: number;
  selected: string | undefined;
  onShow: (node: FleetNode) => void;
  historyPath: (node: FleetNode) => string;
}

interface NodeRowProps {
  node: FleetNode;
  now: number;
  selected: boolean;
  onShow: (node: FleetNode) => void;
  historyPath: (node: FleetNode) => string;
}

/**
 * One node of the list. Memoised: while positions arrive the list is handed 10,000 nodes every
 * second, and the rows whose node did not change (the same object) are not rendered again.
 */
const NodeRow = memo(function NodeRow({ node, now, selected, onShow, historyPath }: NodeRowProps) {
  return (
    <Table.Tr bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td>
        <Anchor
          component="button"
          type="button"
          fz="sm"
          ta="start"
          onClick={() => onShow(node)}
          aria-label={`Show ${node.nodeName} on the map`}
        >
          {node.nodeName}
        </Anchor>
      </Table.Td>
      <Table.Td style={nowrap}>{formatAgo(node.lastSeen, now)}</Table.Td>
      <Table.Td style={numbers} ta="end">
        {node.lastTemperature ? `${node.lastTemperature.value} °C` : '–'}
      </Table.Td>
      <Table.Td style={nowrap}>
        <Anchor
          component={Link}
          to={historyPath(node)}
          fz="sm"
          aria-label={`History of ${node.nodeName}`}
        >
          History
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
});

/**
 * The map's nodes as a list: findable by name and usable from the keyboard. A node's name shows
 * it on the map (one control fewer per row than a separate "Show" button, so the list fits beside
 * the map on a 1280 px screen).
 */
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
      <Table.ScrollContainer minWidth={0} type="native" className={styles.listScroll}>
        <Table
          stickyHeader
          highlightOnHover
          fz="sm"
          verticalSpacing={4}
          horizontalSpacing={8}
          aria-label="Nodes on the map"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Node</Table.Th>
              <Table.Th style={nowrap}>Last seen</Table.Th>
              <Table.Th style={nowrap} ta="end">
                Temperature
              </Table.Th>
              <Table.Th>
                <VisuallyHidden>History</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {matching.slice(0, SHOWN).map((node) => (
              <NodeRow
                key={node.nodeUuid}
                node={node}
                now={now}
                selected={node.nodeUuid === selected}
                onShow={onShow}
                historyPath={historyPath}
              />
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
