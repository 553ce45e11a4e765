import type { NamedPlace } from '../../../contract/named-places.ts';
import { PlacesLayer } from '../../components/map/places-layer.tsx';
import { useCallback, useMemo, useReducer, useState, type ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ClusterLayer } from '../../components/map/cluster-layer.tsx';
import { FitBoundsLayer } from '../../components/map/fit-bounds-layer.tsx';
import { FocusLayer } from '../../components/map/focus-layer.tsx';
import { MapView } from '../../components/map/map-view.tsx';
import { t } from '../../i18n/i18n.ts';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import styles from './fleet.module.css';
import { silenceWords } from './fleet-words.ts';
import { NodeCard } from './node-card.tsx';
import { NodeList } from './node-list.tsx';
import { NodePopup } from './node-popup.tsx';
import { PhoneFleet } from './phone-fleet.tsx';
import { RevealLayer } from './reveal-layer.tsx';
import { nextCover } from './phone-sheets.ts';

/** The height a node's card covers at the map's bottom on a phone (fleet.module.css, .sheetTop). */
const cardInset = () => Math.round(window.innerHeight / 3);

/** Below a tablet's width the list is a sheet over the map and a node's popup is a card in it. */
const PHONE_QUERY = '(max-width: 47.99em)';

export interface FleetViewProps {
  /** What is shown and when (show, silent after, the moment) and the status line: above the map on
   * a wide screen, in a drawer opened from a button over the map on a phone. */
  controls: ReactNode;
  /** Quiet notes (what is not shown, what failed): below the controls, or in the phone's drawer. */
  notes?: ReactNode;
  nodes: readonly FleetNode[];
  /** The moment positions are judged against: now (ticking while live), or a past moment. */
  now: number;
  /** The map is live (not a past moment of the slider): Follow live is offered. */
  live: boolean;
  /** No message for this long: silent. */
  silentAfterMs: number;
  historyPath: (node: FleetNode, range?: TimeSpan) => string;
  /** The map frames the nodes again when this changes (another group). */
  fitKey: string;
  /** The nodes are complete for `fitKey`: the first view frames them all, then never moves. */
  settled: boolean;
  tileUrl?: string | undefined;
  attribution?: string | undefined;
  /** Nodes with an active alarm (red on the map, a filter in the list); undefined: none known. */
  alarmed?: ReadonlySet<string> | undefined;
  /** The named places of the groups shown, drawn under the nodes. */
  places?: readonly NamedPlace[];
}

/**
 * The fleet on a clustered canvas map, with a list that does the same by keyboard: beside or
 * below the map on a wide screen, a bottom sheet over it on a phone.
 */
export function FleetView({
  controls,
  notes,
  nodes,
  now,
  live,
  silentAfterMs,
  historyPath,
  fitKey,
  settled,
  tileUrl,
  attribution,
  alarmed,
  places = [],
}: FleetViewProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const positions = useMemo(() => nodes.map((n) => n.position), [nodes]);
  const [selected, setSelected] = useState<string>();
  const [picked, setPicked] = useState<[number, number]>();
  // Tapped on the map: on a phone, panned out from under its card when it lies there.
  const [tapped, setTapped] = useState<[number, number]>();
  const [follow, setFollow] = useState(false);
  const [cover, changeCover] = useReducer(nextCover, 'map');
  const [fallback, setFallback] = useState<string>();
  const node = nodes.find((n) => n.nodeUuid === selected);
  const close = useCallback(() => {
    setSelected(undefined);
    setFollow(false);
  }, []);
  const select = useCallback(
    (chosen: FleetNode) => {
      // Following is for one node: another one picked is not followed until asked.
      if (chosen.nodeUuid !== selected) setFollow(false);
      setSelected(chosen.nodeUuid);
    },
    [selected],
  );
  const tap = useCallback(
    (chosen: FleetNode) => {
      select(chosen);
      setTapped([chosen.position.lat, chosen.position.lon]);
    },
    [select],
  );
  const show = useCallback(
    (chosen: FleetNode) => {
      select(chosen);
      setPicked([chosen.position.lat, chosen.position.lon]);
      // On a phone the list covers the map: close it, so that the node and its card are seen.
      changeCover({ type: 'node-shown' });
    },
    [select],
  );
  // Following, the map keeps the node in view at each of its new positions.
  const followLat = follow && live ? node?.position.lat : undefined;
  const followLon = follow && live ? node?.position.lon : undefined;
  // FocusLayer moves the map when the numbers change, not the array.
  const focus: [number, number] | undefined =
    followLat !== undefined && followLon !== undefined ? [followLat, followLon] : picked;
  const map = (
    <MapView
      label={t('fleetMap.mapLabel')}
      className={phone ? styles.phoneMap : styles.map}
      tileUrl={tileUrl}
      attribution={attribution}
      onFallback={setFallback}
    >
      <PlacesLayer places={places} />
      <ClusterLayer
        nodes={nodes}
        now={now}
        silentAfterMs={silentAfterMs}
        selected={selected}
        alarmed={alarmed}
        onSelect={tap}
      />
      {phone && <RevealLayer position={tapped} bottomInset={cardInset()} />}
      <FocusLayer position={focus} bottomInset={phone ? cardInset() : 0} />
      <FitBoundsLayer points={positions} fitKey={fitKey} settled={settled} maxZoom={13} />
      {node && !phone && (
        <NodePopup
          node={node}
          now={now}
          silentAfterMs={silentAfterMs}
          historyPath={historyPath(node)}
          onClose={close}
        />
      )}
    </MapView>
  );
  const legend = (
    <Text size="xs" c="dimmed" mt={4}>
      {t('fleetMap.legend', { silent: silenceWords(Math.round(silentAfterMs / 60_000)) })}
      {alarmed ? ` ${t('alarms.fleet.legend')}` : ''}
      {fallback ? ` ${t('fleetMap.offline', { reason: fallback })}` : ''}
    </Text>
  );
  const list = (
    <NodeList
      nodes={nodes}
      now={now}
      silentAfterMs={silentAfterMs}
      selected={selected}
      alarmed={alarmed}
      onShow={show}
      historyPath={historyPath}
    />
  );
  if (phone) {
    return (
      <PhoneFleet
        map={map}
        list={list}
        nodeCount={nodes.length}
        cover={cover}
        onCover={changeCover}
        options={
          <>
            {controls}
            {notes}
            {legend}
          </>
        }
        card={
          node && (
            <NodeCard
              node={node}
              now={now}
              silentAfterMs={silentAfterMs}
              historyPath={historyPath}
              live={live}
              follow={follow}
              onFollow={setFollow}
              onClose={close}
            />
          )
        }
      />
    );
  }
  return (
    <>
      <Paper withBorder p="sm">
        {controls}
      </Paper>
      {notes}
      {/* Side by side from 75em (fleet.module.css). Beside the navigation at 1280 px the list
          takes 5/12, which its compact rows fit (node-list.tsx). */}
      <div className={styles.body}>
        <div className={styles.mapColumn}>
          {map}
          {legend}
        </div>
        <div className={styles.listColumn}>{list}</div>
      </div>
    </>
  );
}
