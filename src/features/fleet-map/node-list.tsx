import { memo, useDeferredValue, useMemo, useState } from 'react';
import {
  Anchor,
  Checkbox,
  Group,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import { nameMatcher } from '../../lib/channel-filter.ts';
import { t } from '../../i18n/i18n.ts';
import { nodeState, sortNodes, stateColors, type FleetSort } from '../../lib/live/node-state.ts';
import styles from './fleet.module.css';
import { degrees, lastSeenWords, stateWord } from './fleet-words.ts';

const SHOWN = 100;
/** "12 min ago", "-18.5 °C" and the link stay on one line; only long node names wrap. */
const nowrap = { whiteSpace: 'nowrap' } as const;
const numbers = { ...nowrap, fontVariantNumeric: 'tabular-nums' } as const;

export interface NodeListProps {
  nodes: readonly FleetNode[];
  /** Ticks every second while live: "last seen" counts up and states change with it. */
  now: number;
  /** No message for this long: silent. */
  silentAfterMs: number;
  selected: string | undefined;
  /** Nodes with an active alarm: marked, and a filter shows only them; undefined: none known. */
  alarmed?: ReadonlySet<string> | undefined;
  onShow: (node: FleetNode) => void;
  historyPath: (node: FleetNode) => string;
}

/** The list's mark of an active alarm: a red triangle like the map's, named for screen readers. */
const alarmMark = {
  display: 'inline-block',
  marginInlineEnd: 4,
  padding: '0 5px',
  borderRadius: 3,
  background: '#e03131',
  color: '#fff',
  fontWeight: 700,
  clipPath: 'polygon(50% 0, 100% 100%, 0 100%)',
  lineHeight: '14px',
  fontSize: 10,
} as const;

interface NodeRowProps {
  node: FleetNode;
  now: number;
  silentAfterMs: number;
  selected: boolean;
  alarm: boolean;
  onShow: (node: FleetNode) => void;
  historyPath: (node: FleetNode) => string;
}

/**
 * One node of the list. Memoised: while positions arrive the list is handed 10,000 nodes every
 * second, and the rows whose node did not change (the same object) are not rendered again.
 */
const NodeRow = memo(function NodeRow({
  node,
  now,
  silentAfterMs,
  selected,
  alarm,
  onShow,
  historyPath,
}: NodeRowProps) {
  const state = nodeState(node, now, silentAfterMs);
  return (
    // Marked by an outline rather than a tint: a tint under the links lowers their contrast.
    <Table.Tr
      style={
        selected
          ? { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: -2 }
          : undefined
      }
    >
      {/* One line: the alarm's mark beside the name, never above it. */}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {alarm && (
          <span
            role="img"
            aria-label={t('alarms.fleet.alarmed')}
            style={alarmMark}
            className={styles.alarmMark}
          />
        )}
        <Anchor
          component="button"
          type="button"
          fz="sm"
          ta="start"
          className={styles.tapTarget}
          onClick={() => onShow(node)}
          aria-label={t('fleetMap.list.showNode', { name: node.nodeName })}
        >
          {node.nodeName}
        </Anchor>
      </Table.Td>
      <Table.Td style={nowrap}>
        <span className={styles.stateDot} style={{ background: stateColors[state] }} />
        {stateWord(state)}
      </Table.Td>
      <Table.Td style={numbers} className={styles.phoneExtra}>
        {lastSeenWords(node.lastSeen, now)}
      </Table.Td>
      <Table.Td style={numbers} ta="end">
        {node.lastTemperature ? degrees(node.lastTemperature.value) : '–'}
      </Table.Td>
      <Table.Td style={nowrap} className={styles.phoneExtra}>
        <Anchor
          component={Link}
          to={historyPath(node)}
          fz="sm"
          className={styles.tapTarget}
          aria-label={t('fleetMap.list.historyOf', { name: node.nodeName })}
        >
          {t('fleetMap.list.history')}
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
export function NodeList({
  nodes,
  now,
  silentAfterMs,
  selected,
  alarmed,
  onShow,
  historyPath,
}: NodeListProps) {
  const [filter, setFilter] = useState('');
  const [onlyAlarmed, setOnlyAlarmed] = useState(false);
  const [sort, setSort] = useState<FleetSort>('name');
  const deferred = useDeferredValue(filter.trim());
  // States change with the clock: sorted by state, the order is made again each tick (10,000
  // nodes in a few milliseconds); by name or last seen only when the nodes change.
  const clock = sort === 'state' ? now : 0;
  const sorted = useMemo(
    () => sortNodes(nodes, sort, clock, silentAfterMs),
    [nodes, sort, clock, silentAfterMs],
  );
  const matches = nameMatcher(deferred);
  const alarmedOnly = onlyAlarmed && alarmed !== undefined;
  const matching =
    deferred || alarmedOnly
      ? sorted.filter(
          (n) =>
            (!deferred || matches(n.nodeName.toLocaleLowerCase())) &&
            (!alarmedOnly || alarmed.has(n.nodeUuid)),
        )
      : sorted;
  const alarmCount = alarmed ? nodes.filter((n) => alarmed.has(n.nodeUuid)).length : 0;
  const header = (by: FleetSort, label: string, className?: string) => (
    <Table.Th
      className={className}
      style={nowrap}
      aria-sort={sort === by ? (by === 'lastSeen' ? 'descending' : 'ascending') : undefined}
    >
      <UnstyledButton fz="sm" fw={700} className={styles.tapTarget} onClick={() => setSort(by)}>
        {label}
        {sort === by && <span aria-hidden="true"> ▾</span>}
      </UnstyledButton>
    </Table.Th>
  );
  return (
    <>
      <TextInput
        label={t('fleetMap.list.find')}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        size="xs"
        classNames={{ input: styles.tapInput }}
        mb="xs"
      />
      {alarmed && (
        <Group mb="xs">
          <Checkbox
            size="sm"
            classNames={{ inner: styles.tapCheck, input: styles.tapCheck }}
            label={t('alarms.fleet.filter', { count: alarmCount })}
            checked={onlyAlarmed}
            onChange={(e) => setOnlyAlarmed(e.currentTarget.checked)}
          />
        </Group>
      )}
      <Table.ScrollContainer minWidth={0} type="native" className={styles.listScroll}>
        <Table
          stickyHeader
          highlightOnHover
          fz="sm"
          verticalSpacing={4}
          horizontalSpacing={6}
          aria-label={t('fleetMap.list.label')}
        >
          <Table.Thead>
            <Table.Tr>
              {header('name', t('fleetMap.list.node'))}
              {header('state', t('fleetMap.list.state'))}
              {header('lastSeen', t('fleetMap.list.lastSeen'), styles.phoneExtra)}
              {/* Abbreviated: with the state column the list still fits beside the map at 1280 px. */}
              <Table.Th style={nowrap} ta="end">
                <abbr title={t('fleetMap.list.temperature')}>{t('fleetMap.list.temp')}</abbr>
              </Table.Th>
              <Table.Th className={styles.phoneExtra}>
                <VisuallyHidden>{t('fleetMap.list.history')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {matching.slice(0, SHOWN).map((node) => (
              <NodeRow
                key={node.nodeUuid}
                node={node}
                now={now}
                silentAfterMs={silentAfterMs}
                selected={node.nodeUuid === selected}
                alarm={alarmed?.has(node.nodeUuid) ?? false}
                onShow={onShow}
                historyPath={historyPath}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt={4}>
        {matching.length > SHOWN
          ? t('fleetMap.list.showing', { shown: SHOWN, count: matching.length })
          : t('fleetMap.list.count', { count: matching.length })}
      </Text>
    </>
  );
}
