import { useId } from 'react';
import { Anchor, CloseButton, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { channelQuery } from '../../api/channels.ts';
import { t } from '../../i18n/i18n.ts';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import { formatAgo } from '../../lib/history/format-time.ts';
import { formatDegrees } from '../../lib/format-number.ts';
import { nodeState, stateColors } from '../../lib/live/node-state.ts';
import styles from './fleet.module.css';
import { lastSeenWords, stateWord } from './fleet-words.ts';
import { NodeDay, today } from './node-day.tsx';

export interface NodeCardProps {
  node: FleetNode;
  now: number;
  silentAfterMs: number;
  /** The node's history page, for a range or the default one. */
  historyPath: (node: FleetNode, range?: { from: number; to: number }) => string;
  /** Follow live is offered only while the map is live (not at a past moment). */
  live: boolean;
  follow: boolean;
  onFollow: (follow: boolean) => void;
  onClose: () => void;
}

/**
 * One node on a phone (the popup's place on a wide screen): its state, its last position by
 * place name, its temperature, today's stops, and Follow live, which keeps it in view.
 */
export function NodeCard({
  node,
  now,
  silentAfterMs,
  historyPath,
  live,
  follow,
  onFollow,
  onClose,
}: NodeCardProps) {
  const id = useId();
  const record = useQuery(channelQuery(node.nodeUuid));
  const state = nodeState(node, now, silentAfterMs);
  const temperature = node.lastTemperature;
  return (
    <Paper component="section" aria-labelledby={`${id}-name`} p="sm" withBorder>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={2} size="h4" id={`${id}-name`}>
          {node.nodeName}
        </Title>
        <CloseButton
          size="lg"
          className={styles.tapTarget}
          aria-label={t('fleetMap.card.close', { name: node.nodeName })}
          onClick={onClose}
        />
      </Group>
      <Stack gap={6}>
        <Text size="sm">
          <span className={styles.stateDot} style={{ background: stateColors[state] }} />
          {`${stateWord(state)} · ${lastSeenWords(node.lastSeen, now)}`}
        </Text>
        <div>
          <Text size="xs" fw={700}>
            {t('fleetMap.card.temperature')}
          </Text>
          <Text size="sm">
            {temperature
              ? t('fleetMap.card.temperatureValue', {
                  value: formatDegrees(temperature.value),
                  ago: formatAgo(temperature.ts, now),
                })
              : t('fleetMap.card.noTemperature')}
          </Text>
        </div>
        {record.data ? (
          <NodeDay
            record={record.data}
            node={node}
            now={now}
            positionHeading={`${id}-position`}
            stopsHeading={`${id}-stops`}
          />
        ) : (
          <Text size="sm" c={record.isError ? 'red' : 'dimmed'}>
            {record.isError ? t('fleetMap.card.stopsFailed') : t('fleetMap.card.stopsLoading')}
          </Text>
        )}
        {live && (
          <Switch
            size="md"
            label={t('fleetMap.card.followLive')}
            description={t('fleetMap.card.followDescription', { name: node.nodeName })}
            checked={follow}
            onChange={(e) => onFollow(e.currentTarget.checked)}
            classNames={{ body: styles.tapTarget }}
          />
        )}
        <Group gap="md">
          <Anchor
            component={Link}
            to={historyPath(node, today(now))}
            size="sm"
            className={styles.tapTarget}
          >
            {t('fleetMap.card.dayHistory')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
