import type { Properties } from '../../../contract/channel.ts';
import { productPropertiesProblem } from '../../../contract/product-properties.ts';
import {
  nearestLimits,
  readLimits,
  type AppliedLimits,
  type LimitSource,
} from '../../../contract/temperature-limits.ts';

/** The keys the product form edits (docs/decisions/0060-properties-the-product-reads.md). */
export const FORM_KEYS = ['temperature', 'silentAfterMinutes', 'alarmOnPlaces'] as const;
export type FormKey = (typeof FORM_KEYS)[number];

/** Keys a form edits: the product form's, and `places`, drawn on the map (record 0173). */
export const isFormKey = (key: string): boolean =>
  (FORM_KEYS as readonly string[]).includes(key) || key === 'places';

/** A channel that passes its properties down: a group holding the one edited. */
export interface Ancestor {
  name: string;
  properties: Properties;
}

/**
 * What the form holds, as typed: numbers stay text until saved, so that nothing typed is lost
 * (the draft is kept across a sign-in, src/auth/drafts.ts). `here`: the value is set on this
 * channel; otherwise it is inherited and removed here when saved. Only keys in `changed` are
 * written: the rest of the properties stay as the cloud has them.
 */
export interface ProductDraft {
  temperature: { here: boolean; min: string; max: string; delay: string };
  silence: { here: boolean; minutes: string };
  alarmOnPlaces: { here: boolean; on: boolean };
  changed: FormKey[];
}

const text = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

export function draftFrom(properties: Properties): ProductDraft {
  const temperature = properties.temperature;
  const bounds =
    typeof temperature === 'object' && temperature !== null
      ? (temperature as Record<string, unknown>)
      : {};
  return {
    temperature: {
      here: temperature !== undefined,
      min: text(bounds.min),
      max: text(bounds.max),
      delay: text(bounds.delayMinutes),
    },
    silence: {
      here: properties.silentAfterMinutes !== undefined,
      minutes: text(properties.silentAfterMinutes),
    },
    alarmOnPlaces: {
      here: properties.alarmOnPlaces !== undefined,
      on: properties.alarmOnPlaces === true,
    },
    changed: [],
  };
}

/** A typed number: "−25" and "2,5" as people write them; text that is no number stays text. */
function numberOf(typed: string): number | string | undefined {
  const trimmed = typed
    .trim()
    .replace(/\u2212/g, '-')
    .replace(',', '.');
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : typed;
}

/** The value each key gets from the form; undefined when it is inherited (removed here). */
function formValues(draft: ProductDraft): Record<FormKey, unknown> {
  const { temperature, silence, alarmOnPlaces } = draft;
  const bounds: Record<string, number | string> = {};
  for (const [key, typed] of [
    ['min', temperature.min],
    ['max', temperature.max],
    ['delayMinutes', temperature.delay],
  ] as const) {
    const value = numberOf(typed);
    if (value !== undefined) bounds[key] = value;
  }
  return {
    temperature: temperature.here ? bounds : undefined,
    silentAfterMinutes: silence.here ? (numberOf(silence.minutes) ?? '') : undefined,
    alarmOnPlaces: alarmOnPlaces.here ? alarmOnPlaces.on : undefined,
  };
}

export type FieldName = 'min' | 'max' | 'delay' | 'silence';

/**
 * The cloud's reason (contract/product-properties.ts, the same rule the cloud applies) for the
 * field it is about; nothing when the form's values can be saved.
 */
export function fieldProblem(
  draft: ProductDraft,
): { field: FieldName; reason: string } | undefined {
  const values = formValues(draft);
  const own: Record<string, unknown> = {};
  for (const key of FORM_KEYS) if (values[key] !== undefined) own[key] = values[key];
  const reason = productPropertiesProblem(own);
  if (reason === undefined) return undefined;
  const field: FieldName = reason.includes('silentAfterMinutes')
    ? 'silence'
    : reason.includes('delayMinutes')
      ? 'delay'
      : reason.startsWith('"temperature.max"')
        ? 'max'
        : 'min';
  return { field, reason };
}

/**
 * The properties to save: those the cloud has (`base`), with the keys the person changed set or,
 * when inherited again, removed. Every other key stays as it is.
 */
export function applyDraft(base: Properties, draft: ProductDraft): Properties {
  const values = formValues(draft);
  const changed = new Set<string>(draft.changed);
  const next: Properties = Object.fromEntries(
    Object.entries(base).filter(([key]) => !changed.has(key)),
  );
  for (const key of draft.changed) if (values[key] !== undefined) next[key] = values[key];
  return next;
}

/** Keys whose values differ between two versions of the properties. */
export function changedKeys(before: Properties, after: Properties): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

export interface Inherited {
  limits?: AppliedLimits;
  silence?: { minutes: number; from: string[] };
  alarmOnPlaces?: { from: string[] };
}

/**
 * What the channel would have without values of its own: its groups' (equally near), combined as
 * the cloud combines them (contract/temperature-limits.ts `nearestLimits`; the shortest silence,
 * contract/alarm-rules/silence-rule.ts; places alarmed when any group asks).
 */
export function inheritedValues(ancestors: readonly Ancestor[]): Inherited {
  const sources: LimitSource[] = ancestors.flatMap(({ name, properties }) => {
    const reading = readLimits(properties);
    return reading.kind === 'limits' ? [{ name, limits: reading.limits }] : [];
  });
  const inherited: Inherited = {};
  const limits = nearestLimits(undefined, undefined, sources);
  if (limits) inherited.limits = limits;
  const silences = ancestors.flatMap(({ name, properties }) => {
    const minutes = properties.silentAfterMinutes;
    return typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0
      ? [{ name, minutes }]
      : [];
  });
  if (silences.length > 0) {
    const minutes = Math.min(...silences.map((s) => s.minutes));
    const from = silences.filter((s) => s.minutes === minutes).map((s) => s.name);
    inherited.silence = { minutes, from };
  }
  const alarming = ancestors.filter(({ properties }) => properties.alarmOnPlaces === true);
  if (alarming.length > 0) inherited.alarmOnPlaces = { from: alarming.map((a) => a.name) };
  return inherited;
}
