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
import { TemperatureChart } from '../../../src/components/chart/temperature-chart.tsx';
import { ClusterLayer } from '../../../src/components/map/cluster-layer.tsx';
import { FitBoundsLayer } from '../../../src/components/map/fit-bounds-layer.tsx';
import { TrackLayer } from '../../../src/components/map/track-layer.tsx';
import type { FleetNode } from '../../../src/lib/history/fleet-positions.ts';
import type { Track } from '../../../src/lib/history/gps-track.ts';
import { temperatureSeries } from '../../../src/lib/history/temperature-series.ts';
import { BENCH_END, fleetNodes, temperatureSlices, trackPoints } from './data.ts';

// A page of its own for the benchmarks (scripts/bench/history-maps.ts): each case mounts one
// component with generated data and reports the milliseconds until the frame that shows it.

L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });
type Variant = 'ours' | 'plain';
const WEEK = { from: BENCH_END - 7 * 86_400_000, to: BENCH_END };
const stage = document.getElementById('stage') ?? document.body;

/** Resolves after the next frame has been painted. */
function nextPaint(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    }),
  );
}

/** Collects the garbage of data generation, so neither variant pays for it (needs --expose-gc). */
function collectGarbage(): void {
  (window as unknown as { gc?: () => void }).gc?.();
}

async function untilShown(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !ready(); i++) await nextPaint();
  if (!ready()) throw new Error('never shown');
  await nextPaint();
}

function box(height: number): HTMLDivElement {
  const element = document.createElement('div');
  element.style.cssText = `width: 1000px; height: ${height}px; position: relative`;
  stage.replaceChildren(element);
  return element;
}

function OurChart({ items }: { items: Timeslice[] }) {
  const series = useMemo(() => temperatureSeries(items), [items]);
  const [window, setWindow] = useState(WEEK);
  const [cursor, setCursor] = useState<number>();
  return (
    <TemperatureChart
      series={series}
      window={window}
      onZoom={setWindow}
      cursor={cursor}
      onCursor={setCursor}
    />
  );
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

async function chart(n: number, variant: Variant): Promise<number> {
  const items = temperatureSlices(n);
  const points = items.map((d) => ({
    ts: d.ts,
    value: d.type === 'TEMP' ? (d.value.temperature ?? 0) : 0,
  }));
  const element = box(320);
  const root = createRoot(element);
  const lineShown = () =>
    (element.querySelector('.recharts-line-curve, .temperature-lines path')?.getAttribute('d')
      ?.length ?? 0) > 0;
  collectGarbage();
  const t0 = performance.now();
  flushSync(() =>
    root.render(variant === 'ours' ? <OurChart items={items} /> : <PlainChart points={points} />),
  );
  await untilShown(lineShown);
  const ms = performance.now() - t0;
  root.unmount();
  return ms;
}

function BenchMap({ children }: { children?: React.ReactNode }) {
  return (
    <MapContainer style={{ height: 600, width: 1000 }} center={[50, 10]} zoom={4} preferCanvas>
      {children}
    </MapContainer>
  );
}

const format = (ts: number) => new Date(ts).toISOString();

async function withMap(
  element: HTMLDivElement,
  ours: (() => React.ReactNode) | undefined,
  plain: ((map: L.Map) => void) | undefined,
  shown: () => boolean,
): Promise<number> {
  if (plain) {
    const map = L.map(element, { center: [50, 10], zoom: 4 });
    await nextPaint();
    collectGarbage();
    const t0 = performance.now();
    plain(map);
    await untilShown(shown);
    const ms = performance.now() - t0;
    map.remove();
    return ms;
  }
  const root = createRoot(element);
  flushSync(() => root.render(<BenchMap />));
  await nextPaint();
  collectGarbage();
  const t0 = performance.now();
  flushSync(() => root.render(<BenchMap>{ours?.()}</BenchMap>));
  await untilShown(shown);
  const ms = performance.now() - t0;
  root.unmount();
  return ms;
}

async function track(n: number, variant: Variant): Promise<number> {
  const points = trackPoints(n);
  const tracks: Track[] = [{ nodeUuid: 'bench', nodeName: 'Van 07', points }];
  const element = box(600);
  const drawn = () => element.querySelector('canvas[data-drawn]') !== null;
  const svgPaths = () => element.querySelectorAll('path').length >= n;
  if (variant === 'ours') {
    return withMap(
      element,
      () => (
        <>
          <TrackLayer tracks={tracks} span={WEEK} formatTime={format} />
          <FitBoundsLayer points={points} fitKey="bench" />
        </>
      ),
      undefined,
      drawn,
    );
  }
  return withMap(
    element,
    undefined,
    (map) => {
      const latLngs = points.map((p): L.LatLngTuple => [p.lat, p.lon]);
      const line = L.polyline(latLngs).addTo(map);
      for (const p of points) L.circleMarker([p.lat, p.lon]).addTo(map);
      map.fitBounds(line.getBounds());
    },
    svgPaths,
  );
}

async function fleet(n: number, variant: Variant): Promise<number> {
  const nodes: FleetNode[] = fleetNodes(n);
  const element = box(600);
  if (variant === 'ours') {
    return withMap(
      element,
      () => (
        <ClusterLayer
          nodes={nodes}
          now={BENCH_END}
          selected={undefined}
          onSelect={() => undefined}
        />
      ),
      undefined,
      () => element.querySelector('canvas[data-drawn]') !== null,
    );
  }
  return withMap(
    element,
    undefined,
    (map) => {
      for (const node of nodes) L.marker([node.position.lat, node.position.lon]).addTo(map);
    },
    () => element.querySelectorAll('.leaflet-marker-icon').length >= n,
  );
}

/** Renders a case and leaves it on screen, for screenshots. */
async function show(kind: 'chart' | 'track' | 'fleet', n: number): Promise<void> {
  if (kind === 'chart') {
    const element = box(320);
    createRoot(element).render(<OurChart items={temperatureSlices(n)} />);
    await untilShown(() => element.querySelector('.temperature-lines path') !== null);
    return;
  }
  const element = box(600);
  const root = createRoot(element);
  const layer =
    kind === 'track' ? (
      <>
        <TrackLayer
          tracks={[{ nodeUuid: 'bench', nodeName: 'Van 07', points: trackPoints(n) }]}
          span={WEEK}
          formatTime={format}
        />
        <FitBoundsLayer points={trackPoints(n)} fitKey="bench" />
      </>
    ) : (
      <ClusterLayer
        nodes={fleetNodes(n)}
        now={BENCH_END}
        selected={undefined}
        onSelect={() => undefined}
      />
    );
  root.render(<BenchMap>{layer}</BenchMap>);
  await untilShown(() => element.querySelector('canvas') !== null);
}

const bench = { chart, track, fleet, show };
declare global {
  interface Window {
    bench: typeof bench;
  }
}
window.bench = bench;
