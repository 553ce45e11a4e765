import { z } from 'zod';
import {
  PUSH_INTERVAL_MAX_S,
  PUSH_SECRET_MAX_LENGTH,
  PUSH_SECRET_MIN_LENGTH,
  PUSH_URL_MAX_LENGTH,
} from '../../contract/limits.ts';
import { isUsableSecret } from '../push/signing.ts';

export const PushAddress = z
  .string()
  .max(PUSH_URL_MAX_LENGTH, `must be at most ${PUSH_URL_MAX_LENGTH} characters`)
  // abort: the next check parses the address again, which throws for what is not an address.
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { message: 'must be an http or https address', abort: true },
  )
  .refine((value) => {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'must not carry credentials; the secret signs each delivery');

export const PushInterval = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a whole number of seconds')
  .transform(Number)
  .pipe(z.number().max(PUSH_INTERVAL_MAX_S, `must be at most ${PUSH_INTERVAL_MAX_S} seconds`));

export const PushSecret = z
  .string()
  .min(PUSH_SECRET_MIN_LENGTH, `must be at least ${PUSH_SECRET_MIN_LENGTH} characters`)
  .max(PUSH_SECRET_MAX_LENGTH, `must be at most ${PUSH_SECRET_MAX_LENGTH} characters`)
  .refine(isUsableSecret, 'a secret starting with whsec_ must continue with base64');

export const PushQuery = z.strictObject({
  to: PushAddress.describe('Push address (URL-encoded http or https URL)'),
  interval: PushInterval.default(0).describe(
    'Seconds: 0 delivers each event at once; N gathers events and delivers a batch every N s',
  ),
  secret: PushSecret.describe('Signing secret: whsec_<base64> or 8-256 characters; never returned'),
});
