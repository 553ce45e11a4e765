import type L from 'leaflet';
import Supercluster from 'supercluster';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import { nearestWithin, type ScreenPoint } from '../../lib/geo/nearest-point.ts';
import { CanvasOverlay, type ViewTransform } from './canvas-overlay.ts';

type Hit = ScreenPoint &
  ({ kind: 'cluster'; id: number; lat: number; lon: number } | { kind: 'node'; node: FleetNode });

const FRESH_MS = 60 * 60 * 1000;

/**
 * Latest positions of many nodes, clustered with supercluster and drawn on one canvas. Clusters
 * show their count; a node is a disc, blue when heard from within the hour and grey otherwise,
 * a square when its position was calculated rather than a GPS fix.
 */
export class ClusterOverlay extends CanvasOverlay {
  private index: Supercluster<{ i: number }> | undefined;
  private nodes: readonly FleetNode[] = [];
  private now = 0;
  private selected: string | undefined;
  private hits: Hit[] = [];
  private building: ReturnType<typeof setTimeout> | undefined;

  /**
   * The clusters of 10,000 nodes take tens of milliseconds to index: that is done in a task of
   * its own, after the page has rendered the same nodes in its list, so that neither makes the
   * other a long task (positions arriving bit by bit re-render both every half second). Until
   * the new index is drawn, the map's container says it is busy (aria-busy).
   */
  setNodes(nodes: readonly FleetNode[], now: number): void {
    clearTimeout(this.building);
    this.container()?.setAttribute('aria-busy', 'true');
    this.building = setTimeout(() => {
      this.building = undefined;
      this.nodes = nodes;
      this.now = now;
      this.index = new Supercluster<{ i: number }>({ radius: 60, maxZoom: 16 }).load(
        nodes.map((node, i) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [node.position.lon, node.position.lat] },
          properties: { i },
        })),
      );
      this.scheduleRedraw();
      queueMicrotask(() => this.container()?.removeAttribute('aria-busy'));
    });
  }

  private container(): HTMLElement | undefined {
    return (this._map as L.Map | undefined)?.getContainer();
  }

  override onRemove(map: L.Map): this {
    clearTimeout(this.building);
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
        hits.push({ x: p.x, y: p.y, kind: 'cluster', id: props.cluster_id, lat, lon });
        continue;
      }
      const node = this.nodes['i' in props ? (props.i as number) : -1];
      if (!node) continue;
      const fresh = this.now - node.lastSeen <= FRESH_MS;
      context.beginPath();
      if (node.position.calculated) context.rect(p.x - 6, p.y - 6, 12, 12);
      else context.arc(p.x, p.y, 7, 0, 2 * Math.PI);
      context.fillStyle = fresh ? '#1971c2' : '#868e96';
      context.fill();
      context.lineWidth = node.nodeUuid === this.selected ? 4 : 2;
      context.strokeStyle = node.nodeUuid === this.selected ? '#f08c00' : '#fff';
      context.stroke();
      hits.push({ x: p.x, y: p.y, kind: 'node', node });
    }
    this.hits = hits;
  }
}
