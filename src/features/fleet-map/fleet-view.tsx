import { useCallback, useMemo, useState } from 'react';
import { Text } from '@mantine/core';
import { ClusterLayer } from '../../components/map/cluster-layer.tsx';
import { FitBoundsLayer } from '../../components/map/fit-bounds-layer.tsx';
import { FocusLayer } from '../../components/map/focus-layer.tsx';
import { MapView } from '../../components/map/map-view.tsx';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import styles from './fleet.module.css';
import { NodeList } from './node-list.tsx';
import { NodePopup } from './node-popup.tsx';

function silentWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  return minutes === 60 ? 'an hour' : `${minutes / 60} hours`;
}

export interface FleetViewProps {
  nodes: readonly FleetNode[];
  /** The moment positions are judged against: now (ticking while live), or a past moment. */
  now: number;
  /** No message for this long: silent. */
  silentAfterMs: number;
  historyPath: (node: FleetNode) => string;
  /** The map frames the nodes again when this changes (another group). */
  fitKey: string;
  /** The nodes are complete for `fitKey`: the first view frames them all, then never moves. */
  settled: boolean;
  tileUrl?: string | undefined;
  attribution?: string | undefined;
}

/** The fleet on a clustered canvas map, with a list beside it that does the same by keyboard. */
export function FleetView({
  nodes,
  now,
  silentAfterMs,
  historyPath,
  fitKey,
  settled,
  tileUrl,
  attribution,
}: FleetViewProps) {
  const positions = useMemo(() => nodes.map((n) => n.position), [nodes]);
  const [selected, setSelected] = useState<string>();
  const [focus, setFocus] = useState<[number, number]>();
  const [fallback, setFallback] = useState<string>();
  const node = nodes.find((n) => n.nodeUuid === selected);
  const close = useCallback(() => setSelected(undefined), []);
  const show = useCallback((picked: FleetNode) => {
    setSelected(picked.nodeUuid);
    setFocus([picked.position.lat, picked.position.lon]);
  }, []);
  return (
    // Side by side from 75em (fleet.module.css). Beside the navigation at 1280 px the list takes
    // 5/12, which its compact rows fit (node-list.tsx).
    <div className={styles.body}>
      <div className={styles.mapColumn}>
        <MapView
          label="Fleet map"
          className={styles.map}
          tileUrl={tileUrl}
          attribution={attribution}
          onFallback={setFallback}
        >
          <ClusterLayer
            nodes={nodes}
            now={now}
            silentAfterMs={silentAfterMs}
            selected={selected}
            onSelect={(n) => setSelected(n.nodeUuid)}
          />
          <FocusLayer position={focus} />
          <FitBoundsLayer points={positions} fitKey={fitKey} settled={settled} maxZoom={13} />
          {node && (
            <NodePopup
              node={node}
              now={now}
              silentAfterMs={silentAfterMs}
              historyPath={historyPath(node)}
              onClose={close}
            />
          )}
        </MapView>
        <Text size="xs" c="dimmed" mt={4}>
          Green: moving; blue: parked; grey: silent (no message for {silentWords(silentAfterMs)});
          squares: calculated positions. Click a cluster to zoom into it.
          {fallback ? ` ${fallback} Showing the offline map.` : ''}
        </Text>
      </div>
      <div className={styles.listColumn}>
        <NodeList
          nodes={nodes}
          now={now}
          silentAfterMs={silentAfterMs}
          selected={selected}
          onShow={show}
          historyPath={historyPath}
        />
      </div>
    </div>
  );
}
