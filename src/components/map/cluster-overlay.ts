import type L from 'leaflet';
import Supercluster from 'supercluster';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import { nodeState, stateColors } from '../../lib/live/node-state.ts';
import { nearestWithin, type ScreenPoint } from '../../lib/geo/nearest-point.ts';
import { CanvasOverlay, type ViewTransform } from './canvas-overlay.ts';
import { ringedDisc } from './ringed-disc.ts';

type Hit = ScreenPoint &
  ({ kind: 'cluster'; id: number; lat: number; lon: number } | { kind: 'node'; node: FleetNode });

/** How long a node that moved glides from where it was to where it is. */
const GLIDE_MS = 800;
/**
 * At most this often the clusters are indexed again while a live stream moves nodes (10,000
 * nodes take tens of milliseconds): a moved node starts gliding within this much of arriving.
 */
const INDEX_EVERY_MS = 250;

/** An active alarm on the map: red, and a triangle (not a disc), so it is told apart without colour. */
const ALARM_RED = '#e03131';

interface Glide {
  lat: number;
  lon: number;
  start: number;
}

/**
 * Latest positions of many nodes, clustered with supercluster and drawn on one canvas. Clusters
 * show their count; a node is a disc in its state's colour (moving, parked, silent:
 * lib/live/node-state.ts), a square when its position was calculated rather than a GPS fix, a
 * red triangle with "!" while it has an active alarm (drawn above the others; a cluster that
 * holds such nodes carries a red badge with their count). A node that moved glides to its new
 * place.
 */
export class ClusterOverlay extends CanvasOverlay {
  private index: Supercluster<{ i: number }, { alarms: number }> | undefined;
  private nodes: readonly FleetNode[] = [];
  /** The nodes last handed over (indexed, or about to be). */
  private requested: readonly FleetNode[] = [];
  private alarmed: ReadonlySet<string> = new Set();
  private byUuid = new Map<string, FleetNode>();
  private glides = new Map<string, Glide>();
  private now = 0;
  private silentAfterMs = Number.POSITIVE_INFINITY;
  private selected: string | undefined;
  private hits: Hit[] = [];
  private building: ReturnType<typeof setTimeout> | undefined;
  private builtAt = -Infinity;
  private frame: number | undefined;

  /**
   * The clusters of 10,000 nodes take tens of milliseconds to index: that is done in a task of
   * its own, after the page has rendered the same nodes in its list, so that neither makes the
   * other a long task (positions arriving bit by bit re-render both every half second), and at
   * most every INDEX_EVERY_MS however often a stream moves nodes. Until the new index is drawn,
   * the map's container says it is busy (aria-busy).
   */
  setNodes(nodes: readonly FleetNode[]): void {
    this.requested = nodes;
    clearTimeout(this.building);
    this.container()?.setAttribute('aria-busy', 'true');
    const wait = Math.max(0, this.builtAt + INDEX_EVERY_MS - performance.now());
    this.building = setTimeout(() => {
      this.building = undefined;
      this.builtAt = performance.now();
      this.glideMoved(nodes, this.builtAt);
      this.nodes = nodes;
      const alarmed = this.alarmed;
      this.index = new Supercluster<{ i: number }, { alarms: number }>({
        radius: 60,
        maxZoom: 16,
        // Each cluster counts the alarmed nodes it holds, so a zoomed-out map still shows them.
        map: (props) => ({ alarms: alarmed.has(nodes[props.i]?.nodeUuid ?? '') ? 1 : 0 }),
        reduce: (into, props) => {
          into.alarms += props.alarms;
        },
      }).load(
        nodes.map((node, i) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [node.position.lon, node.position.lat] },
          properties: { i },
        })),
      );
      this.scheduleRedraw();
      queueMicrotask(() => this.container()?.removeAttribute('aria-busy'));
    }, wait);
  }

  /** Nodes with an active alarm: the clusters are counted again (alarms change seldom). */
  setAlarmed(alarmed: ReadonlySet<string>): void {
    if (alarmed === this.alarmed) return;
    this.alarmed = alarmed;
    this.setNodes(this.requested);
  }

  /** The clock and the silence rule the colours follow; drawing again costs no indexing. */
  setClock(now: number, silentAfterMs: number): void {
    if (now === this.now && silentAfterMs === this.silentAfterMs) return;
    this.now = now;
    this.silentAfterMs = silentAfterMs;
    this.scheduleRedraw();
  }

  /** Nodes that changed place since the last index glide from where they were drawn. */
  private glideMoved(nodes: readonly FleetNode[], at: number): void {
    const previous = this.byUuid;
    const next = new Map<string, FleetNode>();
    for (const node of nodes) {
      next.set(node.nodeUuid, node);
      const before = previous.get(node.nodeUuid);
      if (!before || before.position === node.position || !node.from) continue;
      const drawn = this.drawnAt(before, at);
      this.glides.set(node.nodeUuid, { ...drawn, start: at });
    }
    this.byUuid = next;
  }

  /** Where a node is drawn at `at`: on its way while gliding, else at its position. */
  private drawnAt(node: FleetNode, at: number): { lat: number; lon: number } {
    const glide = this.glides.get(node.nodeUuid);
    const { lat, lon } = node.position;
    if (!glide) return { lat, lon };
    const t = (at - glide.start) / GLIDE_MS;
    if (t >= 1) {
      this.glides.delete(node.nodeUuid);
      return { lat, lon };
    }
    const eased = 1 - (1 - t) * (1 - t);
    return {
      lat: glide.lat + (lat - glide.lat) * eased,
      lon: glide.lon + (lon - glide.lon) * eased,
    };
  }

  private container(): HTMLElement | undefined {
    return (this._map as L.Map | undefined)?.getContainer();
  }

  override onRemove(map: L.Map): this {
    clearTimeout(this.building);
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    map.getContainer().removeAttribute('aria-busy');
    return super.onRemove(map);
  }

  setSelected(nodeUuid: string | undefined): void {
    this.selected = nodeUuid;
    this.scheduleRedraw();
  }

  hitAt(point: L.Point): Hit | undefined {
    return this.hits[nearestWithin(this.hits, point, 16)];
  }

  expansionZoom(clusterId: number): number {
    return this.index?.getClusterExpansionZoom(clusterId) ?? 16;
  }

  protected draw(
    context: CanvasRenderingContext2D,
    _view: ViewTransform,
    size: L.Point,
    map: L.Map,
  ): void {
    if (!this.index) return;
    const bounds = map.getBounds();
    const west = Math.max(-180, bounds.getWest());
    const east = Math.min(180, bounds.getEast());
    const bbox: GeoJSON.BBox =
      east - west >= 360
        ? [-180, -85, 180, 85]
        : [west, bounds.getSouth(), east, bounds.getNorth()];
    const features = this.index.getClusters(bbox, Math.round(map.getZoom()));
    const hits: Hit[] = [];
    const raised: { x: number; y: number; selected: boolean }[] = [];
    const at = performance.now();
    let gliding = false;
    context.font = 'bold 12px system-ui, sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    for (const feature of features) {
      const [lon, lat] = feature.geometry.coordinates;
      if (lon === undefined || lat === undefined) continue;
      const p = map.latLngToContainerPoint([lat, lon]);
      if (p.x < -30 || p.y < -30 || p.x > size.x + 30 || p.y > size.y + 30) continue;
      const props = feature.properties;
      if ('cluster' in props && props.cluster) {
        const radius = 12 + Math.min(14, Math.log10(props.point_count) * 6);
        context.beginPath();
        context.arc(p.x, p.y, radius, 0, 2 * Math.PI);
        context.fillStyle = 'rgba(28,126,214,0.85)';
        context.fill();
        context.lineWidth = 3;
        context.strokeStyle = 'rgba(255,255,255,0.9)';
        context.stroke();
        context.fillStyle = '#fff';
        context.fillText(String(props.point_count_abbreviated), p.x, p.y);
        if (props.alarms > 0)
          alarmBadge(context, p.x + radius * 0.75, p.y - radius * 0.75, props.alarms);
        hits.push({ x: p.x, y: p.y, kind: 'cluster', id: props.cluster_id, lat, lon });
        continue;
      }
      const node = this.nodes['i' in props ? (props.i as number) : -1];
      if (!node) continue;
      if (this.glides.has(node.nodeUuid)) {
        const drawn = this.drawnAt(node, at);
        gliding ||= this.glides.has(node.nodeUuid);
        const q = map.latLngToContainerPoint([drawn.lat, drawn.lon]);
        p.x = q.x;
        p.y = q.y;
      }
      hits.push({ x: p.x, y: p.y, kind: 'node', node });
      if (this.alarmed.has(node.nodeUuid)) {
        raised.push({ x: p.x, y: p.y, selected: node.nodeUuid === this.selected });
        continue;
      }
      const state = nodeState(node, this.now, this.silentAfterMs);
      context.beginPath();
      if (node.position.calculated) context.rect(p.x - 6, p.y - 6, 12, 12);
      else context.arc(p.x, p.y, 7, 0, 2 * Math.PI);
      context.fillStyle = stateColors[state];
      context.fill();
      context.lineWidth = node.nodeUuid === this.selected ? 4 : 2;
      context.strokeStyle = node.nodeUuid === this.selected ? '#f08c00' : '#fff';
      context.stroke();
    }
    // Alarmed nodes last, above their neighbours.
    for (const { x, y, selected } of raised) alarmTriangle(context, x, y, selected);
    this.hits = hits;
    // Gliding nodes are drawn again each frame until they arrive.
    if (gliding && this.frame === undefined) {
      this.frame = requestAnimationFrame(() => {
        this.frame = undefined;
        this.scheduleRedraw();
      });
    }
  }
}

/** A node with an active alarm: a red triangle with a white "!", outlined. */
function alarmTriangle(context: CanvasRenderingContext2D, x: number, y: number, selected: boolean) {
  context.beginPath();
  context.moveTo(x, y - 11);
  context.lineTo(x + 10, y + 7);
  context.lineTo(x - 10, y + 7);
  context.closePath();
  context.fillStyle = ALARM_RED;
  context.fill();
  context.lineWidth = selected ? 4 : 2;
  context.strokeStyle = selected ? '#f08c00' : '#fff';
  context.stroke();
  context.fillStyle = '#fff';
  context.fillText('!', x, y + 1);
}

/** A cluster's count of alarmed nodes: a red badge at its upper right. */
function alarmBadge(context: CanvasRenderingContext2D, x: number, y: number, count: number) {
  const text = count > 99 ? '99+' : String(count);
  const radius = text.length > 2 ? 11 : 9;
  ringedDisc(context, x, y, radius, ALARM_RED);
  context.fillStyle = '#fff';
  context.fillText(text, x, y);
}
