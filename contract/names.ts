import { z } from 'zod';
import { NAME_MAX_LENGTH, SERIAL_PATTERN } from './limits.ts';

// C0, DEL and C1 (U+0080–U+009F, e.g. NEL, which some displays take for a line break).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The name of a new group or node (docs/decisions/0009-requests.md, "Requests"), trimmed. The cloud checks
 * it in its routes and the console in its forms, with these same messages.
 */
export const ChannelName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`)
  .refine((value) => !CONTROL.test(value), 'must not contain control characters');

/** A node's serial, as printed on the device and as its gateway names it. */
export const NodeSerial = z
  .string()
  .regex(
    SERIAL_PATTERN,
    'must be 1-64 letters, digits, dots, dashes, underscores or colons, starting with a letter or digit',
  );

/** A gateway's serial is the user name of its HTTP Basic credentials, which cannot hold a colon. */
export const GatewaySerial = NodeSerial.refine(
  (value) => !value.includes(':'),
  'must not contain ":": the gateway sends its serial as the user name of HTTP Basic',
);
