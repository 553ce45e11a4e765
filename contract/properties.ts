import { z } from 'zod';
import type { Properties } from './channel.ts';
import { PROPERTIES_MAX_BYTES, PROPERTIES_MAX_DEPTH } from './limits.ts';
import { productPropertiesProblem } from './product-properties.ts';

/** How deeply objects and arrays nest in a parsed JSON value (1 for `{}`), without recursion. */
function nestingOf(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

export type PropertiesCheck =
  | { ok: true; value: Properties; json: string; bytes: number }
  /** `syntax`: where the JSON breaks, for the person who typed it; it quotes the text itself. */
  | { ok: false; error: string; syntax?: string };

/**
 * The cloud's rules for properties (docs/decisions/0009-requests.md, "Requests"): a JSON object, nested at
 * most PROPERTIES_MAX_DEPTH levels, of at most PROPERTIES_MAX_BYTES bytes of compact UTF-8 JSON,
 * whose keys the product reads (temperature limits, silence, places) mean something.
 * `json` is that compact form, which the cloud stores.
 */
export function checkPropertiesText(text: string): PropertiesCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      error: 'must be valid JSON',
      ...(error instanceof SyntaxError ? { syntax: error.message } : {}),
    };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: 'must be a JSON object, such as {"site":"north"}' };
  }
  // JSON.stringify recurses: thousands of nested brackets would overflow the stack.
  if (nestingOf(parsed) > PROPERTIES_MAX_DEPTH) {
    return {
      ok: false,
      error: `must nest objects and arrays at most ${PROPERTIES_MAX_DEPTH} levels deep`,
    };
  }
  const json = JSON.stringify(parsed);
  const bytes = new TextEncoder().encode(json).length;
  if (bytes > PROPERTIES_MAX_BYTES) {
    return {
      ok: false,
      error: `must be at most ${PROPERTIES_MAX_BYTES} bytes of JSON, not ${bytes}`,
    };
  }
  const problem = productPropertiesProblem(parsed as Record<string, unknown>);
  if (problem) return { ok: false, error: problem };
  return { ok: true, value: parsed as Properties, json, bytes };
}

/** Properties as JSON text, checked as above and turned into the compact JSON the cloud stores. */
export const PropertiesText = z.string().transform((text, context) => {
  const check = checkPropertiesText(text);
  if (check.ok) return check.json;
  // Never the syntax detail: it quotes the value, and errors never repeat what was sent.
  context.addIssue({ code: 'custom', message: check.error });
  return z.NEVER;
});
