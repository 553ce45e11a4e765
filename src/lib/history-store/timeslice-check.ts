import { regexes } from 'zod';

/**
 * The rules of `Timeslice` (contract/timeslice.ts), checked field by field while a message is
 * written into columns. The contract's zod schema stays the definition; this is its fast path for
 * hundreds of thousands of messages, where zod (jitless, as the console's CSP requires) costs
 * about 4 µs a message and this well under 1 µs. `timeslice-check.test.ts` holds the two to the
 * same verdict on generated messages, valid and broken.
 */
export class InvalidTimeslice extends Error {
  readonly field: string;
  readonly rule: string;

  constructor(field: string, rule: string) {
    super(`${field} ${rule}`);
    this.name = 'InvalidTimeslice';
    this.field = field;
    this.rule = rule;
  }

  /** The same refusal, naming which message of an answer broke the rule. */
  atItem(index: number): InvalidTimeslice {
    return new InvalidTimeslice(`item ${index}: ${this.field}`, this.rule);
  }
}

export type Fields = Record<string, unknown>;

const guid = regexes.guid;

export function objectAt(value: unknown, field: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidTimeslice(field, 'must be an object');
  }
  return value as Fields;
}

export function stringAt(fields: Fields, key: string): string {
  const value = fields[key];
  if (typeof value !== 'string') throw new InvalidTimeslice(key, 'must be a string');
  return value;
}

/**
 * A UUID string. Identities repeat across a history, so the caller checks each distinct one once
 * (`seen`) instead of running the pattern on every message.
 */
export function guidAt(fields: Fields, key: string, seen: Set<string>): string {
  const value = stringAt(fields, key);
  if (!seen.has(value)) {
    if (!guid.test(value)) throw new InvalidTimeslice(key, 'must be a UUID');
    seen.add(value);
  }
  return value;
}

export function integerAt(fields: Fields, key: string): number {
  const value = fields[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new InvalidTimeslice(key, 'must be an integer');
  }
  return value;
}

/** An optional number (NaN when absent); `integer` and bounds as the schema says. */
export function optionalNumberAt(
  fields: Fields,
  key: string,
  integer = false,
  min = -Infinity,
  max = Infinity,
): number {
  return optionalNumber(fields[key], `value.${key}`, integer, min, max);
}

/** optionalNumberAt for a value already taken out (undefined when absent). */
export function optionalNumber(
  value: unknown,
  field: string,
  integer = false,
  min = -Infinity,
  max = Infinity,
): number {
  if (value === undefined) return Number.NaN;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidTimeslice(field, 'must be a number');
  }
  if (integer && !Number.isSafeInteger(value)) {
    throw new InvalidTimeslice(field, 'must be an integer');
  }
  if (value < min || value > max) {
    throw new InvalidTimeslice(field, `must be between ${min} and ${max}`);
  }
  return value;
}

/** An optional boolean: 0 absent, 1 false, 2 true (the flag columns' encoding). */
export function optionalFlagAt(fields: Fields, key: string): 0 | 1 | 2 {
  return optionalFlag(fields[key], `value.${key}`);
}

export function optionalFlag(value: unknown, field: string): 0 | 1 | 2 {
  if (value === undefined) return 0;
  if (typeof value !== 'boolean') throw new InvalidTimeslice(field, 'must be a boolean');
  return value ? 2 : 1;
}
