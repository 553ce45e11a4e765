import type { Properties } from '../../contract/channel.ts';
import { PROPERTIES_MAX_BYTES } from '../../contract/limits.ts';

export type PropertiesCheck =
  { ok: true; value: Properties; bytes: number } | { ok: false; error: string };

/** The checks the cloud makes (docs/decisions.md), made before sending so nothing is lost. */
export function checkProperties(text: string): PropertiesCheck {
  if (text.trim() === '')
    return { ok: false, error: 'Enter a JSON object, such as {"site": "north"}.' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? ` (${error.message})` : '';
    return { ok: false, error: `This is not valid JSON${detail}.` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: 'Properties must be a JSON object, such as {"site": "north"}.' };
  }
  const bytes = new TextEncoder().encode(JSON.stringify(parsed)).length;
  if (bytes > PROPERTIES_MAX_BYTES) {
    return {
      ok: false,
      error: `Properties must be at most ${PROPERTIES_MAX_BYTES} bytes; these are ${bytes}.`,
    };
  }
  return { ok: true, value: parsed as Properties, bytes };
}

export function formatProperties(properties: Properties | undefined): string {
  return JSON.stringify(properties ?? {}, null, 2);
}

/** How one value reads in the key/value table: strings as they are, the rest as JSON. */
export function displayValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
