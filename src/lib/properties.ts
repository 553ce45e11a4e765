import type { Properties } from '../../contract/channel.ts';
import { PROPERTIES_MAX_BYTES, PROPERTIES_MAX_DEPTH } from '../../contract/limits.ts';
import { checkPropertiesText } from '../../contract/properties.ts';
import type { Message } from '../i18n/message.ts';

export type PropertiesCheck =
  { ok: true; value: Properties; bytes: number } | { ok: false; error: Message };

// An example object is a value of the messages: braces in a message would be its syntax.
const EXAMPLE = '{"site": "north"}';

/** The contract's rules in the catalogue's words; a rule not known here in the contract's. */
function ruleMessage(rule: string): Message {
  if (rule.startsWith('must be a JSON object'))
    return { id: 'properties.notObject', values: { example: EXAMPLE } };
  if (rule.startsWith('must nest objects'))
    return { id: 'properties.tooDeep', values: { max: PROPERTIES_MAX_DEPTH } };
  const large = /^must be at most \d+ bytes of JSON, not (\d+)$/.exec(rule);
  if (large)
    return {
      id: 'properties.tooLarge',
      values: { max: PROPERTIES_MAX_BYTES, bytes: Number(large[1]) },
    };
  return { id: 'properties.rule', values: { rule } };
}

/** The cloud's checks (contract/properties.ts), made before sending so nothing is lost. */
export function checkProperties(text: string): PropertiesCheck {
  if (text.trim() === '')
    return { ok: false, error: { id: 'properties.enterObject', values: { example: EXAMPLE } } };
  const check = checkPropertiesText(text);
  if (check.ok) return { ok: true, value: check.value, bytes: check.bytes };
  // JSON that does not parse: what is wrong and at which line and column, in words.
  if (check.syntax !== undefined)
    return { ok: false, error: describeJsonError(text, check.syntax) };
  return { ok: false, error: ruleMessage(check.error) };
}

export function formatProperties(properties: Properties | undefined): string {
  return JSON.stringify(properties ?? {}, null, 2);
}

/** How one value reads in the key/value table: strings as they are, the rest as JSON. */
export function displayValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Line and column (from 1) of a character offset in `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length))).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/**
 * What is wrong with text that is not JSON, and where, as a person reads it: "Not valid JSON:
 * expected ',' or '}' after property value (line 3, column 3)." Browsers word JSON.parse's errors
 * differently; each names a position, or a line and a column, which is all this needs.
 */
export function describeJsonError(text: string, error: unknown): Message {
  const message = error instanceof Error ? error.message : String(error);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  const offset = /position (\d+)/.exec(message);
  const ended = /end of (JSON )?(input|data)/i.test(message);
  const where = lineColumn
    ? { line: Number(lineColumn[1]), column: Number(lineColumn[2]) }
    : offset || ended
      ? lineAndColumn(text, offset ? Number(offset[1]) : text.length)
      : undefined;
  // The browser's own words for what is wrong, in the browser's language.
  const what: Message | string = ended
    ? { id: 'properties.json.ended' }
    : message
        .replace(/^JSON\.parse:\s*/, '')
        .replace(/\s*(in JSON )?at position \d+.*$/s, '')
        .replace(/\s*at line \d+ column \d+.*$/s, '')
        .replace(/,\s*".*" is not valid JSON$/s, '')
        .replace(/\s*in JSON$/, '')
        .replace(/^./, (first) => first.toLowerCase());
  return {
    id: 'properties.json.invalid',
    values: { what: where ? { id: 'properties.json.where', values: { what, ...where } } : what },
  };
}
