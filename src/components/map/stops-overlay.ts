import type L from 'leaflet';
import { worldX, worldY } from '../../lib/geo/mercator.ts';
import { CanvasOverlay, type ViewTransform } from './canvas-overlay.ts';
import { StopSprites } from './stop-sprites.ts';

/** A stop on the map: where a node stood, from when to when. */
export interface StopMark {
  key: string;
  nodeName: string;
  lat: number;
  lon: number;
  start: number;
  end: number;
  color: string;
}

const MINUTE = 60_000;

/** 5 minutes draw 5 px across the radius, 12 hours 12 px: longer stops stand out. */
function stopRadius(durationMs: number): number {
  const minutes = Math.max(1, durationMs / MINUTE);
  return Math.min(12, 5 + 1.4 * Math.log2(minutes / 5 + 1));
}

/**
 * Stops as discs on one canvas: the node's colour ringed in white and dark, larger the longer the
 * stop, the longest drawn first so short stops nearby stay visible on them; each disc a stamp of
 * one drawn once (stop-sprites.ts).
 */
export class StopsOverlay extends CanvasOverlay {
  private stops: (StopMark & { x: number; y: number; r: number })[] = [];
  private view: ViewTransform | undefined;
  private readonly sprites = new StopSprites();
  protected override readonly drawsInTaskOfItsOwn = true;

  setData(stops: readonly StopMark[]): void {
    this.stops = stops
      .filter((s) => Number.isFinite(s.lat) && Number.isFinite(s.lon))
      .map((s) => ({ ...s, x: worldX(s.lon), y: worldY(s.lat), r: stopRadius(s.end - s.start) }))
      .sort((a, b) => a.r - b.r);
    this.scheduleRedraw();
  }

  /** The stop under a point of the map container, the smallest on top first. */
  stopAt(at: L.Point): StopMark | undefined {
    const view = this.view;
    if (!view) return undefined;
    for (const stop of this.stops) {
      const d = Math.hypot(
        stop.x * view.scale + view.dx - at.x,
        stop.y * view.scale + view.dy - at.y,
      );
      if (d <= stop.r + 2) return stop;
    }
    return undefined;
  }

  protected draw(context: CanvasRenderingContext2D, view: ViewTransform, size: L.Point): void {
    this.view = view;
    const ratio = context.getTransform().a;
    this.sprites.begin();
    for (let i = this.stops.length - 1; i >= 0; i--) {
      const stop = this.stops[i];
      if (!stop) continue;
      const x = stop.x * view.scale + view.dx;
      const y = stop.y * view.scale + view.dy;
      if (x < -stop.r || y < -stop.r || x > size.x + stop.r || y > size.y + stop.r) continue;
      this.sprites.stamp(context, x, y, stop.r, stop.color, ratio);
    }
  }
}
