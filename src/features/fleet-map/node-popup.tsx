import { useMemo } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import type { LeafletEvent, Popup as LeafletPopup } from 'leaflet';
import { Popup } from 'react-leaflet';
import { Link } from 'react-router';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import { t } from '../../i18n/i18n.ts';
import { formatAgo, formatInstant } from '../../lib/history/format-time.ts';
import { nodeState } from '../../lib/live/node-state.ts';
import { accuracyMetres } from '../../lib/geo/accuracy.ts';
import { formatPlace } from '../../lib/reports/format.ts';
import { formatDegrees } from '../../lib/format-number.ts';
import { lastSeenWords, stateWord } from './fleet-words.ts';

/** What kind of position a node's newest is, in words (not "hdop"). */
function positionKind(position: FleetNode['position']): string {
  if (position.calculated) return t('fleetMap.popup.calculated');
  return position.hdop === undefined
    ? t('fleetMap.popup.gps')
    : t('fleetMap.popup.gpsAccurate', { metres: accuracyMetres(position.hdop) });
}

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
  return (
    <Popup position={position} eventHandlers={handlers} offset={[0, -4]}>
      {/* Lines, not paragraphs: Leaflet gives paragraphs in a popup 1.3em margins. */}
      <Stack gap={2} miw={200}>
        <Text component="div" fw={700}>
          {node.nodeName}
        </Text>
        <Text component="div" size="sm">
          {stateWord(nodeState(node, now, silentAfterMs))}
        </Text>
        <Text component="div" size="sm">
          {t('fleetMap.popup.lastSeen', {
            ago: lastSeenWords(node.lastSeen, now),
            at: formatInstant(node.lastSeen),
          })}
        </Text>
        <Text component="div" size="sm">
          {node.lastTemperature
            ? t('fleetMap.popup.temperature', {
                value: formatDegrees(node.lastTemperature.value),
                ago: formatAgo(node.lastTemperature.ts, now),
              })
            : t('fleetMap.popup.noTemperature')}
        </Text>
        <Text component="div" size="sm">
          {t('fleetMap.popup.where', {
            kind: positionKind(node.position),
            place: formatPlace(lat, lon),
            ago: formatAgo(node.position.ts, now),
          })}
        </Text>
        <Anchor component={Link} to={historyPath} size="sm">
          {t('fleetMap.list.historyOf', { name: node.nodeName })}
        </Anchor>
      </Stack>
    </Popup>
  );
}
