/**
 * A fix's horizontal dilution of precision (HDOP) as metres a person can picture: about 5 m per
 * unit for a consumer GPS receiver, never less than 1 m.
 */
export function accuracyMetres(hdop: number): number {
  return Math.max(1, Math.round(hdop * 5));
}
