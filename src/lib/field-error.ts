import type { z } from 'zod';
import { NAME_MAX_LENGTH } from '../../contract/limits.ts';
import { t, type MessageId } from '../i18n/i18n.ts';

/**
 * A form field's error under one of the contract's input schemas, the same rule and words the
 * cloud answers with ("query parameter 'name': must not contain control characters"), said of the
 * field: "The name must not contain control characters." Null when the schema takes the value.
 */
export function fieldError(subject: string, schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return `${subject} ${result.error.issues[0]?.message ?? 'is not valid'}.`;
}

/**
 * The contract's rules (contract/names.ts) as messages of the catalogue, keyed by the words the
 * contract gives them, so a form says them in the person's language; a rule not here is said in
 * the contract's words.
 */
const ruleMessages: ReadonlyMap<string, [MessageId, Readonly<Record<string, number>>?]> = new Map([
  ['must not be empty', ['field.notEmpty']],
  [`must be at most ${NAME_MAX_LENGTH} characters`, ['field.atMost', { max: NAME_MAX_LENGTH }]],
  ['must not contain control characters', ['field.noControl']],
  [
    'must be 1-64 letters, digits, dots, dashes, underscores or colons, starting with a letter or digit',
    ['field.serial'],
  ],
]);

/** fieldError in the person's language: `fieldErrorIn('field.subject.name', ChannelName, name)`. */
export function fieldErrorIn(subject: MessageId, schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const rule = result.error.issues[0]?.message ?? 'is not valid';
  const known = ruleMessages.get(rule);
  if (known) return t(known[0], { subject: t(subject), ...known[1] });
  return t('field.rule', { subject: t(subject), rule });
}
