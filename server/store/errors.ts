/**
 * A write the database refused because it would break a uniqueness rule (a serial commissioned
 * twice, a name taken). Both engines raise it, so callers answer 409 whichever runs, also when two
 * instances race for the same serial and the database decides.
 */
export class StoreConflict extends Error {}
