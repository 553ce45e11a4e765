import { ringedDisc } from './ringed-disc.ts';

/** How a disc of radius `r` CSS px is stamped at a pixel ratio: its radius, and its square's side. */
export function spriteGeometry(r: number, ratio: number): { radius: number; side: number } {
  // Half pixels: at most 15 sizes (5 to 12 px) per colour.
  const radius = Math.round(r * 2) / 2;
  // The dark ring reaches radius + 2 (1.5 out, half its 1 px line); even, so that a centre on a
  // device pixel puts the square's corner on one too.
  const side = 2 * Math.ceil((radius + 2) * ratio + 1);
  return { radius, side };
}

/**
 * A stop's disc (its node's colour, ringed in white and dark), drawn once per colour, size and
 * pixel ratio and then stamped where each stop stood. Drawing thousands of discs as paths
 * rasterised each one's three arcs again: where the canvas is drawn in software (no GPU), a
 * month of a group's 7,900 stops took some 200 ms of the page's main thread (decision 0158).
 */
export class StopSprites {
  private readonly drawn = new Map<string, ImageBitmap>();
  /** What this drawing stamped where, by device pixel: a stamp over its own twin shows nothing new. */
  private readonly stamped = new Set<string>();

  /** Before each drawing: nothing is stamped yet. */
  begin(): void {
    this.stamped.clear();
  }

  stamp(
    context: CanvasRenderingContext2D,
    x: number,
    y: number,
    r: number,
    color: string,
    ratio: number,
  ): void {
    const { radius, side } = spriteGeometry(r, ratio);
    const key = `${color} ${radius} ${ratio}`;
    const px = Math.round(x * ratio);
    const py = Math.round(y * ratio);
    const at = `${key} ${px} ${py}`;
    if (this.stamped.has(at)) return;
    this.stamped.add(at);
    const sprite = this.drawn.get(key) ?? this.sprite(key, color, radius, side, ratio);
    if (!sprite) return;
    // The centre on a device pixel, the square in CSS pixels as the context's transform takes it.
    const left = (px - side / 2) / ratio;
    const top = (py - side / 2) / ratio;
    context.drawImage(sprite, left, top, side / ratio, side / ratio);
  }

  private sprite(
    key: string,
    color: string,
    radius: number,
    side: number,
    ratio: number,
  ): ImageBitmap | undefined {
    // An image bitmap, made at once: a canvas as the source is copied on every stamp.
    const canvas = new OffscreenCanvas(side, side);
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const centre = side / 2 / ratio;
    ringedDisc(context, centre, centre, radius, color);
    context.beginPath();
    context.arc(centre, centre, radius + 1.5, 0, 2 * Math.PI);
    context.lineWidth = 1;
    context.strokeStyle = 'rgba(0,0,0,0.6)';
    context.stroke();
    const bitmap = canvas.transferToImageBitmap();
    this.drawn.set(key, bitmap);
    return bitmap;
  }
}
