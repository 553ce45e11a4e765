import { z } from 'zod';
import { FILTER_MAX_LENGTH, HISTORY_MAX_COUNT } from '../../contract/limits.ts';
import { ChannelType } from '../../contract/channel.ts';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const Uuid = z
  .string()
  .regex(UUID, 'must be a UUID such as 0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b')
  .transform((value) => value.toLowerCase())
  .meta({ format: 'uuid' });

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

/**
 * Our extension on creating a group or commissioning a node: the tenant the new object goes
 * into, for a person who may create in several (docs/decisions/0061-tenants-in-view.md). Unset:
 * the caller's own tenant, as the interface says.
 */
export const TenantChoice = z
  .string()
  .min(1, 'must name a tenant')
  .max(64, 'must be at most 64 characters')
  .refine((value) => !/[:\p{Cc}]/u.test(value), 'must name a tenant')
  .meta({
    description:
      'Extension: the tenant the new object goes into (the caller must hold the permission there); ' +
      'unset, the caller’s own tenant.',
  });

/** Operations that take no query parameters still refuse unknown ones. */
export const NoQuery = z.strictObject({});
