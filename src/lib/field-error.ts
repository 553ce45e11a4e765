import type { z } from 'zod';
import {
  NAME_MAX_LENGTH,
  PUSH_INTERVAL_MAX_S,
  PUSH_SECRET_MAX_LENGTH,
  PUSH_SECRET_MIN_LENGTH,
  PUSH_URL_MAX_LENGTH,
} from '../../contract/limits.ts';
import { WHSEC_PREFIX } from '../../contract/push-settings.ts';
import { t, type MessageId } from '../i18n/i18n.ts';

/**
 * The contract's rules (contract/names.ts, contract/push-settings.ts) as messages of the catalogue, keyed by the words the
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
  [
    `must be at most ${PUSH_URL_MAX_LENGTH} characters`,
    ['field.atMost', { max: PUSH_URL_MAX_LENGTH }],
  ],
  [
    `must be at most ${PUSH_SECRET_MAX_LENGTH} characters`,
    ['field.atMost', { max: PUSH_SECRET_MAX_LENGTH }],
  ],
  [
    `must be at least ${PUSH_SECRET_MIN_LENGTH} characters`,
    ['field.atLeast', { min: PUSH_SECRET_MIN_LENGTH }],
  ],
  ['must be a full address, such as https://example.com/telemetry', ['field.fullAddress']],
  ['must start with https:// or http://', ['field.httpScheme']],
  ['must name a host', ['field.host']],
  [
    'must not carry a user name or password: the secret signs each delivery',
    ['field.noCredentials'],
  ],
  ['must be a whole number of seconds, 0 or more', ['field.wholeSeconds']],
  [
    `must be at most ${PUSH_INTERVAL_MAX_S} seconds (one day)`,
    ['field.atMostSeconds', { max: PUSH_INTERVAL_MAX_S }],
  ],
  [`must be base64 after its ${WHSEC_PREFIX} prefix`, ['field.base64Secret']],
]);

/**
 * A form field's error under one of the contract's input schemas, the same rule the cloud answers
 * with ("query parameter 'name': must not contain control characters"), said of the field in the
 * person's language: `fieldErrorIn('field.subject.name', ChannelName, name)` gives "The name must
 * not contain control characters." Null when the schema takes the value.
 */
export function fieldErrorIn(subject: MessageId, schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const rule = result.error.issues[0]?.message ?? 'is not valid';
  const known = ruleMessages.get(rule);
  if (known) return t(known[0], { subject: t(subject), ...known[1] });
  return t('field.rule', { subject: t(subject), rule });
}
