import { useMemo } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import type { LeafletEvent, Popup as LeafletPopup } from 'leaflet';
import { Popup } from 'react-leaflet';
import { Link } from 'react-router';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import { formatAgo, formatInstant } from '../../lib/history/format-time.ts';
import { formatLastSeen, nodeState, stateLabels } from '../../lib/live/node-state.ts';
import { accuracyMetres } from '../../lib/geo/accuracy.ts';

export interface NodePopupProps {
  node: FleetNode;
  now: number;
  silentAfterMs: number;
  historyPath: string;
  onClose: () => void;
}

/** What the fleet map says about one node, with the way to its history. */
export function NodePopup({ node, now, silentAfterMs, historyPath, onClose }: NodePopupProps) {
  const { lat, lon } = node.position;
  const position = useMemo((): [number, number] => [lat, lon], [lat, lon]);
  // Opening pans the map to show the whole popup; a refresh that moves the node must not pan it
  // again (Leaflet pans at every change of an open popup's position), so only the opening does.
  // react-leaflet removes and re-opens a popup whose position changed (a live node moving): only
  // a popup still closed once that is done was closed by the person.
  const handlers = useMemo(
    () => ({
      remove: (event: LeafletEvent) => {
        const popup = event.target as LeafletPopup;
        queueMicrotask(() => {
          if (!popup.isOpen()) onClose();
        });
      },
      add: (event: LeafletEvent) => {
        (event.target as LeafletPopup).options.autoPan = false;
      },
    }),
    [onClose],
  );
  const kind = node.position.calculated
    ? 'Calculated position'
    : node.position.hdop === undefined
      ? 'GPS fix'
      : `GPS fix, accurate to about ${accuracyMetres(node.position.hdop)} m`;
  return (
    <Popup position={position} eventHandlers={handlers} offset={[0, -4]}>
      {/* Lines, not paragraphs: Leaflet gives paragraphs in a popup 1.3em margins. */}
      <Stack gap={2} miw={200}>
        <Text component="div" fw={700}>
          {node.nodeName}
        </Text>
        <Text component="div" size="sm">
          {stateLabels[nodeState(node, now, silentAfterMs)]}
        </Text>
        <Text component="div" size="sm">
          Last seen {formatLastSeen(node.lastSeen, now)} ({formatInstant(node.lastSeen)})
        </Text>
        <Text component="div" size="sm">
          {node.lastTemperature
            ? `Last temperature ${node.lastTemperature.value} °C (${formatAgo(node.lastTemperature.ts, now)})`
            : 'No recent temperature'}
        </Text>
        <Text component="div" size="sm">
          {kind} at {lat.toFixed(5)}, {lon.toFixed(5)}, {formatAgo(node.position.ts, now)}
        </Text>
        <Anchor component={Link} to={historyPath} size="sm">
          History of {node.nodeName}
        </Anchor>
      </Stack>
    </Popup>
  );
}
