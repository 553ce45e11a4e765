import { z } from 'zod';
import { PushAddress, PushIntervalSeconds, PushSecret } from '../../contract/push-settings.ts';

/** The interval as a query parameter: digits only, then the contract's rule. */
const PushIntervalParam = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a whole number of seconds')
  .transform(Number)
  .pipe(PushIntervalSeconds);

export const PushQuery = z.strictObject({
  to: PushAddress.describe('Push address (URL-encoded http or https URL)'),
  interval: PushIntervalParam.default(0).describe(
    'Seconds: 0 delivers each event at once; N gathers events and delivers a batch every N s',
  ),
  secret: PushSecret.describe('Signing secret: whsec_<base64> or 8-256 characters; never returned'),
});
