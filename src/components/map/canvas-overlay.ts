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
 * few numbers. Redraws are coalesced to one per task, after the view settles.
 */
/** Where and how big a drawing is: the view, the size in CSS pixels, the device pixel ratio. */
export interface Frame {
  view: ViewTransform;
  size: L.Point;
  ratio: number;
  /** The canvas's top-left corner in the pane's layer coordinates. */
  position: L.Point;
}

export abstract class CanvasOverlay extends L.Layer {
  protected canvas: HTMLCanvasElement | undefined;
  private redrawPending = false;

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
    this.canvas?.remove();
    this.canvas = undefined;
    return this;
  }

  /**
   * Draws again once the current task is done, however often it is asked meanwhile: new data and
   * the view fitted to it (a sibling layer's effect in the same commit) make one drawing. Drawing
   * at the end of the task rather than in the next animation frame lets the drawing overlap the
   * wait for that frame, which then only has to paint.
   */
  scheduleRedraw(): void {
    if (this.redrawPending) return;
    this.redrawPending = true;
    const run = () => {
      this.redrawPending = false;
      this.redraw();
    };
    if (this.drawsInTaskOfItsOwn) afterThisTask(run);
    else queueMicrotask(run);
  }

  /**
   * Whether a drawing waits for a task of its own, right after the one that asked for it: one
   * that takes tens of milliseconds (thousands of stops) would otherwise lengthen the render
   * that brought its data, and the page answers no input until both are done.
   */
  protected readonly drawsInTaskOfItsOwn: boolean = false;

  private redraw(): void {
    const map = this._map as L.Map | undefined;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    const size = map.getSize();
    const scale = 256 * 2 ** map.getZoom();
    const origin = map.latLngToContainerPoint([0, 0]);
    this.paint(canvas, {
      view: { scale, dx: origin.x - scale / 2, dy: origin.y - scale / 2 },
      size,
      ratio: window.devicePixelRatio || 1,
      position: map.containerPointToLayerPoint([0, 0]),
    });
  }

  /** Draws a frame on the page; a layer that draws elsewhere (a worker) overrides this. */
  protected paint(canvas: HTMLCanvasElement, frame: Frame): void {
    const { size, ratio } = frame;
    L.DomUtil.setPosition(canvas, frame.position);
    const width = Math.round(size.x * ratio);
    const height = Math.round(size.y * ratio);
    // Assigning a size, even the same one, throws the canvas's backing store away and has the
    // browser allocate a new, blank one: only when the size really changed, and then there is
    // nothing to clear.
    const resized = canvas.width !== width || canvas.height !== height;
    if (resized) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${size.x}px`;
      canvas.style.height = `${size.y}px`;
    }
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (!resized) context.clearRect(0, 0, size.x, size.y);
    this.draw(context, frame.view, size, this._map as L.Map);
    canvas.dataset.drawn = 'true';
  }

  protected abstract draw(
    context: CanvasRenderingContext2D,
    view: ViewTransform,
    size: L.Point,
    map: L.Map,
  ): void;
}

/** Runs `work` in a task of its own, queued now (a message to itself: no timer's clamping). */
function afterThisTask(work: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    work();
  };
  channel.port2.postMessage(null);
}
