/**
 * Section 8 and docs/decisions/0004-history.md, "History"; shared so the console splits ranges by the same
 * numbers.
 */
export const HISTORY_MAX_SPAN_MS = 86_400_000;
export const HISTORY_MAX_COUNT = 10_000;
export const HISTORY_DEFAULT_COUNT = 1_000;

/** Our size limits where section 8 says "not shown" (docs/decisions/). */
export const NAME_MAX_LENGTH = 128;
export const SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
export const PROPERTIES_MAX_BYTES = 16_384;
export const PROPERTIES_MAX_DEPTH = 32;
export const PUSH_URL_MAX_LENGTH = 2_048;
export const PUSH_SECRET_MIN_LENGTH = 8;
export const PUSH_SECRET_MAX_LENGTH = 256;
export const PUSH_INTERVAL_MAX_S = 86_400;
export const FILTER_MAX_LENGTH = 200;
