import { t } from '../../i18n/i18n.ts';
import type { PlaceShape } from './places-draft.ts';

/** "circle, radius 120 m" / "polygon, 5 corners": what was drawn, in words. */
export function shapeWords(shape: PlaceShape): string {
  return shape.kind === 'circle'
    ? t('places.shape.circle', { radius: Math.round(shape.radius) })
    : t('places.shape.polygon', { corners: shape.corners.length });
}
