import type { z } from 'zod';

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
