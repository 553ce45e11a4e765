import { z } from 'zod';
import {
  FILTER_MAX_LENGTH,
  HISTORY_MAX_COUNT,
  NAME_MAX_LENGTH,
  SERIAL_PATTERN,
} from '../../contract/limits.ts';
import { ChannelType } from '../../contract/channel.ts';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
// C0, DEL and C1 (U+0080–U+009F, e.g. NEL, which some displays take for a line break).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const Uuid = z
  .string()
  .regex(UUID, 'must be a UUID such as 0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b')
  .transform((value) => value.toLowerCase())
  .meta({ format: 'uuid' });

export const Name = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`)
  .refine((value) => !CONTROL.test(value), 'must not contain control characters');

export const Serial = z
  .string()
  .regex(
    SERIAL_PATTERN,
    'must be 1-64 letters, digits, dots, dashes, underscores or colons, starting with a letter or digit',
  );

/** A gateway's serial is the user name of its HTTP Basic credentials, which cannot hold a colon. */
export const GatewaySerial = Serial.refine(
  (value) => !value.includes(':'),
  'must not contain ":": the gateway sends its serial as the user name of HTTP Basic',
);

/** Epoch milliseconds as a query parameter: digits only, no exponent, no blanks. */
export const EpochMs = z
  .string()
  .regex(/^\d{1,15}$/, 'must be epoch milliseconds (digits only)')
  .transform(Number);

/** A whole number from 1 to `max` as a query parameter. */
export const countUpTo = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(max, `must be at most ${max}`));

export const Count = countUpTo(HISTORY_MAX_COUNT);

export const ChannelTypeParam = z.enum(ChannelType.options, {
  error: `must be one of ${ChannelType.options.join(', ')}`,
});

export const Filter = z
  .string()
  .max(FILTER_MAX_LENGTH, `must be at most ${FILTER_MAX_LENGTH} characters`);

/** Operations that take no query parameters still refuse unknown ones. */
export const NoQuery = z.strictObject({});
