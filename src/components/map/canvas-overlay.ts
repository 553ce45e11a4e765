import L from 'leaflet';

/** Maps world fractions (see lib/geo/mercator.ts) to container pixels: x·scale + dx. */
export interface ViewTransform {
  scale: number;
  dx: number;
  dy: number;
}

/**
 * A layer that draws many marks on one canvas of its own. Leaflet's canvas renderer keeps an object
 * per mark and projects each one, which is what makes 10000 circle markers slow; here a mark is a
 * few numbers. Redraws are coalesced to one per frame, after the view settles.
 */
export abstract class CanvasOverlay extends L.Layer {
  protected canvas: HTMLCanvasElement | undefined;
  private frame: number | undefined;

  override onAdd(map: L.Map): this {
    const canvas = L.DomUtil.create('canvas', 'leaflet-zoom-hide');
    canvas.style.pointerEvents = 'none';
    this.getPane()?.appendChild(canvas);
    this.canvas = canvas;
    map.on('moveend zoomend resize viewreset', this.scheduleRedraw, this);
    this.scheduleRedraw();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend zoomend resize viewreset', this.scheduleRedraw, this);
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.canvas?.remove();
    this.canvas = undefined;
    return this;
  }

  /** Draws again before the next frame, once however often it is asked. */
  scheduleRedraw(): void {
    if (this.frame !== undefined) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = undefined;
      this.redraw();
    });
  }

  private redraw(): void {
    const map = this._map as L.Map | undefined;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    const size = map.getSize();
    const ratio = window.devicePixelRatio || 1;
    L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]));
    canvas.width = Math.round(size.x * ratio);
    canvas.height = Math.round(size.y * ratio);
    canvas.style.width = `${size.x}px`;
    canvas.style.height = `${size.y}px`;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, size.x, size.y);
    const scale = 256 * 2 ** map.getZoom();
    const origin = map.latLngToContainerPoint([0, 0]);
    this.draw(context, { scale, dx: origin.x - scale / 2, dy: origin.y - scale / 2 }, size, map);
    canvas.dataset.drawn = 'true';
  }

  protected abstract draw(
    context: CanvasRenderingContext2D,
    view: ViewTransform,
    size: L.Point,
    map: L.Map,
  ): void;
}
