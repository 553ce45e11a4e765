/**
 * The properties the product itself reads (docs/decisions/0060-properties-the-product-reads.md):
 * temperature limits, silence and named places. Any other key is the owner's own and passes as it
 * is; these are refused when they cannot mean anything, so that a limit of "min 10, max 2" is
 * said at once instead of silently raising nothing (or everything) later.
 */

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function temperatureProblem(entry: unknown): string | undefined {
  if (!isObject(entry)) return '"temperature" must be an object with "min" and/or "max", in °C';
  const { min, max, delayMinutes } = entry;
  if (min !== undefined && !finite(min)) return '"temperature.min" must be a number of °C';
  if (max !== undefined && !finite(max)) return '"temperature.max" must be a number of °C';
  if (min === undefined && max === undefined) {
    return '"temperature" must name "min", "max" or both';
  }
  if (finite(min) && finite(max) && min > max) {
    return `"temperature.min" (${min}) must not be above "temperature.max" (${max}): no reading could be within them`;
  }
  if (delayMinutes !== undefined && !(finite(delayMinutes) && delayMinutes >= 0)) {
    return '"temperature.delayMinutes" must be a number of minutes, 0 or more';
  }
  return undefined;
}

/** A polygon's corners at most: a drawn depot or yard, not a country's border. */
const PLACE_MAX_CORNERS = 500;

function polygonProblem(polygon: unknown, where: string): string | undefined {
  const corners = `${where}.polygon must be a list of 3 to ${PLACE_MAX_CORNERS} corners [lat, lon]`;
  if (!Array.isArray(polygon) || polygon.length < 3 || polygon.length > PLACE_MAX_CORNERS) {
    return corners;
  }
  for (const corner of polygon) {
    if (!Array.isArray(corner) || corner.length !== 2) return corners;
    const [lat, lon] = corner as unknown[];
    if (!finite(lat) || lat < -90 || lat > 90 || !finite(lon) || lon < -180 || lon > 180) {
      return `${where}.polygon has a corner out of range: latitude -90 to 90, longitude -180 to 180`;
    }
  }
  return undefined;
}

/**
 * A place is a circle (`lat`, `lon`, `radius` in metres) or a polygon (`polygon`: corners
 * `[lat, lon]`); a polygon may also carry the circle around it, which a console that knows only
 * circles reads instead.
 */
function placeProblem(place: unknown, index: number): string | undefined {
  const where = `"places[${index}]"`;
  if (!isObject(place)) return `${where} must be an object with "name", "lat", "lon" and "radius"`;
  const { name, lat, lon, radius, polygon } = place;
  if (typeof name !== 'string' || name.trim() === '') return `${where}.name must be a name`;
  if (polygon !== undefined) {
    const problem = polygonProblem(polygon, where);
    if (problem) return problem;
    if (lat === undefined && lon === undefined && radius === undefined) return undefined;
  }
  if (!finite(lat) || lat < -90 || lat > 90) return `${where}.lat must be a latitude, -90 to 90`;
  if (!finite(lon) || lon < -180 || lon > 180) {
    return `${where}.lon must be a longitude, -180 to 180`;
  }
  if (!finite(radius) || radius <= 0) return `${where}.radius must be a number of metres above 0`;
  return undefined;
}

/** Why the product's own keys in `properties` cannot be used, or undefined when they can. */
export function productPropertiesProblem(properties: Record<string, unknown>): string | undefined {
  const { temperature, silentAfterMinutes, places, alarmOnPlaces } = properties;
  if (temperature !== undefined) {
    const problem = temperatureProblem(temperature);
    if (problem) return problem;
  }
  if (silentAfterMinutes !== undefined && !(finite(silentAfterMinutes) && silentAfterMinutes > 0)) {
    return '"silentAfterMinutes" must be a number of minutes above 0';
  }
  if (places !== undefined) {
    if (!Array.isArray(places)) return '"places" must be a list of places';
    for (const [index, place] of places.entries()) {
      const problem = placeProblem(place, index);
      if (problem) return problem;
    }
  }
  if (alarmOnPlaces !== undefined && typeof alarmOnPlaces !== 'boolean') {
    return '"alarmOnPlaces" must be true or false';
  }
  return undefined;
}
