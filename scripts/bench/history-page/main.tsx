import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer } from 'react-leaflet';
import { Line, LineChart, XAxis, YAxis } from 'recharts';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { plotWidth } from '../../../src/components/chart/plot-geometry.ts';
import { TemperatureChart } from '../../../src/components/chart/temperature-chart.tsx';
import { useElementWidth } from '../../../src/components/use-element-width.ts';
import { ClusterLayer } from '../../../src/components/map/cluster-layer.tsx';
import { FitBoundsLayer } from '../../../src/components/map/fit-bounds-layer.tsx';
import { TrackLayer } from '../../../src/components/map/track-layer.tsx';
import { worldX, worldY } from '../../../src/lib/geo/mercator.ts';
import { extent, m4 } from '../../../src/lib/history-store/m4.ts';
import type { TrackColumns } from '../../../src/lib/history-store/protocol.ts';
import type { FleetNode } from '../../../src/lib/history/fleet-positions.ts';
import type { TrackPoint } from '../../../src/lib/history/gps-track.ts';
import { BENCH_END, fleetNodes, temperatureSlices, trackPoints } from './data.ts';
import { collectGarbage, inNewTask, nextPaint, paintedWhen, settle } from './frames.ts';

// A page of its own for the benchmarks (scripts/bench/history-maps.ts). A sample is two calls:
// `prepare` generates the data and mounts what exists before it arrives (an empty map), and
// `measure` hands the data over and reports the milliseconds until the frame that shows it has
// been painted. Splitting them lets the benchmark read CPU counters around `measure` alone.

L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });
type Variant = 'ours' | 'plain';
type Kind = 'chart' | 'track' | 'fleet';
const WEEK = { from: BENCH_END - 7 * 86_400_000, to: BENCH_END };
const stage = document.getElementById('stage') ?? document.body;

/** The timed part of the prepared sample, and what removes it from the page afterwards. */
let pending: (() => Promise<void>) | undefined;
let teardown: (() => void) | undefined;

/** A hidden box runs the same script but lays out, paints and composites nothing (warm-ups). */
function box(height: number, hidden: boolean): HTMLDivElement {
  const element = document.createElement('div');
  const display = hidden ? '; display: none' : '';
  element.style.cssText = `width: 1000px; height: ${height}px; position: relative${display}`;
  stage.replaceChildren(element);
  return element;
}

/**
 * Our chart as the history page draws it: readings as columns reduced with M4 to the plot's pixel
 * columns (the history engine does this in its worker; here it is timed on the page, in full).
 */
function OurChart({ items }: { items: Timeslice[] }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [window, setWindow] = useState(WEEK);
  const [cursor, setCursor] = useState<number>();
  const line = useMemo(() => {
    const n = items.length;
    const ts = new Float64Array(n);
    const values = new Float64Array(n);
    items.forEach((item, i) => {
      ts[n - 1 - i] = item.ts;
      values[n - 1 - i] = item.type === 'TEMP' ? (item.value.temperature ?? 0) : 0;
    });
    return { ts, values };
  }, [items]);
  const reduced = useMemo(
    () => (width > 0 ? m4(line, window, plotWidth(width)) : undefined),
    [line, window, width],
  );
  return (
    <div ref={ref}>
      <TemperatureChart
        width={width}
        lines={
          reduced ? [{ key: 'temp', label: 'Van 07 · temp', color: '#4e79a7', ...reduced }] : []
        }
        extent={reduced ? extent(reduced) : undefined}
        window={window}
        onZoom={setWindow}
        cursor={cursor}
        onCursor={setCursor}
        legend={[
          { key: 'temp', label: `Van 07 · temp (${items.length} readings)`, color: '#4e79a7' },
        ]}
      />
    </div>
  );
}

/** Positions as the history engine hands them over: columns, projected to Web Mercator. */
function trackColumns(points: readonly TrackPoint[]): TrackColumns {
  const column = (value: (p: TrackPoint) => number) => Float64Array.from(points, value);
  return {
    nodeUuid: 'bench',
    nodeName: 'Van 07',
    ts: column((p) => p.ts),
    lat: column((p) => p.lat),
    lon: column((p) => p.lon),
    x: column((p) => worldX(p.lon)),
    y: column((p) => worldY(p.lat)),
    hdop: column((p) => p.hdop ?? Number.NaN),
    calculated: Uint8Array.from(points, (p) => (p.calculated ? 1 : 0)),
  };
}

function PlainChart({ points }: { points: { ts: number; value: number }[] }) {
  return (
    <LineChart width={1000} height={280} data={points}>
      <XAxis dataKey="ts" />
      <YAxis />
      <Line dataKey="value" />
    </LineChart>
  );
}

function prepareChart(n: number, variant: Variant, hidden: boolean): void {
  const items = temperatureSlices(n);
  const points = items.map((d) => ({
    ts: d.ts,
    value: d.type === 'TEMP' ? (d.value.temperature ?? 0) : 0,
  }));
  const element = box(320, hidden);
  const root = createRoot(element);
  teardown = () => root.unmount();
  const lineShown = () =>
    (element.querySelector('.recharts-line-curve, .temperature-lines path')?.getAttribute('d')
      ?.length ?? 0) > 0;
  pending = async () => {
    flushSync(() =>
      root.render(variant === 'ours' ? <OurChart items={items} /> : <PlainChart points={points} />),
    );
    await paintedWhen(lineShown);
  };
}

function BenchMap({ children }: { children?: React.ReactNode }) {
  return (
    <MapContainer style={{ height: 600, width: 1000 }} center={[50, 10]} zoom={4} preferCanvas>
      {children}
    </MapContainer>
  );
}

const format = (ts: number) => new Date(ts).toISOString();

/** An empty map on screen; the timed part adds the layers (ours) or calls `plain` (Leaflet's own). */
async function prepareMap(
  element: HTMLDivElement,
  ours: React.ReactNode,
  plain: ((map: L.Map) => void) | undefined,
  shown: () => boolean,
): Promise<void> {
  if (plain) {
    const map = L.map(element, { center: [50, 10], zoom: 4 });
    // Every marker removes its own map listeners one by one, quadratic in their number (40 s for
    // 10000 markers); dropping all listeners first makes the teardown linear.
    teardown = () => {
      map.off();
      map.remove();
    };
    await nextPaint();
    pending = async () => {
      plain(map);
      await paintedWhen(shown);
    };
    return;
  }
  const root = createRoot(element);
  teardown = () => root.unmount();
  flushSync(() => root.render(<BenchMap />));
  await nextPaint();
  pending = async () => {
    flushSync(() => root.render(<BenchMap>{ours}</BenchMap>));
    await paintedWhen(shown);
  };
}

function prepareTrack(n: number, variant: Variant, hidden: boolean): Promise<void> {
  const points = trackPoints(n);
  const element = box(600, hidden);
  if (variant === 'ours') {
    const Track = () => {
      const tracks = useMemo(() => [trackColumns(points)], []);
      return (
        <>
          <TrackLayer tracks={tracks} span={WEEK} formatTime={format} />
          <FitBoundsLayer points={points} fitKey="bench" />
        </>
      );
    };
    return prepareMap(
      element,
      <Track />,
      undefined,
      () => element.querySelector('canvas[data-drawn]') !== null,
    );
  }
  return prepareMap(
    element,
    null,
    (map) => {
      const latLngs = points.map((p): L.LatLngTuple => [p.lat, p.lon]);
      const line = L.polyline(latLngs).addTo(map);
      for (const p of points) L.circleMarker([p.lat, p.lon]).addTo(map);
      map.fitBounds(line.getBounds());
    },
    () => element.querySelectorAll('path').length >= n,
  );
}

function prepareFleet(n: number, variant: Variant, hidden: boolean): Promise<void> {
  const nodes: FleetNode[] = fleetNodes(n);
  const element = box(600, hidden);
  if (variant === 'ours') {
    return prepareMap(
      element,
      <ClusterLayer
        nodes={nodes}
        now={BENCH_END}
        silentAfterMs={15 * 60_000}
        selected={undefined}
        onSelect={() => undefined}
      />,
      undefined,
      // The clusters are indexed in a task of their own; the map is busy until they are drawn.
      () =>
        element.querySelector('canvas[data-drawn]') !== null &&
        element.querySelector('[aria-busy="true"]') === null,
    );
  }
  return prepareMap(
    element,
    null,
    (map) => {
      for (const node of nodes) L.marker([node.position.lat, node.position.lon]).addTo(map);
    },
    () => element.querySelectorAll('.leaflet-marker-icon').length >= n,
  );
}

/** Clears the previous sample and readies the next; nothing of it is timed. */
async function prepare(kind: Kind, n: number, variant: Variant, hidden = false): Promise<void> {
  teardown?.();
  teardown = undefined;
  pending = undefined;
  stage.replaceChildren();
  if (kind === 'chart') prepareChart(n, variant, hidden);
  else if (kind === 'track') await prepareTrack(n, variant, hidden);
  else await prepareFleet(n, variant, hidden);
  collectGarbage();
  await settle();
}

/**
 * Hands the prepared data over and resolves with the milliseconds until its frame was painted.
 * Started in a task of its own, as data arriving from the network is, so that DevTools counts it
 * as script rather than as the command that asked for it.
 */
function measure(): Promise<number> {
  const run = pending;
  pending = undefined;
  if (!run) return Promise.reject(new Error('nothing prepared'));
  return inNewTask(async () => {
    const t0 = performance.now();
    await run();
    return performance.now() - t0;
  });
}

/** Renders our variant of a case and leaves it on screen, for screenshots. */
async function show(kind: Kind, n: number): Promise<void> {
  await prepare(kind, n, 'ours');
  await measure();
}

const bench = { prepare, measure, show };
declare global {
  interface Window {
    bench: typeof bench;
  }
}
window.bench = bench;
