import type { Properties } from '../../contract/channel.ts';
import { checkPropertiesText } from '../../contract/properties.ts';

export type PropertiesCheck =
  { ok: true; value: Properties; bytes: number } | { ok: false; error: string };

/** The cloud's checks (contract/properties.ts), made before sending so nothing is lost. */
export function checkProperties(text: string): PropertiesCheck {
  if (text.trim() === '')
    return { ok: false, error: 'Enter a JSON object, such as {"site": "north"}.' };
  const check = checkPropertiesText(text);
  if (check.ok) return { ok: true, value: check.value, bytes: check.bytes };
  const where = check.syntax === undefined ? '' : ` (${check.syntax})`;
  return { ok: false, error: `Properties ${check.error}${where}.` };
}

export function formatProperties(properties: Properties | undefined): string {
  return JSON.stringify(properties ?? {}, null, 2);
}

/** How one value reads in the key/value table: strings as they are, the rest as JSON. */
export function displayValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
