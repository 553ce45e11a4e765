import { hash } from 'node:crypto';
import { ApiError } from '../http/errors.ts';

/**
 * The entity tag of a channel's properties (docs/decisions/0171-properties-if-match.md): a hash
 * of the compact JSON text the cloud stores (canonical: every write goes through
 * `checkPropertiesText`), `null` when it has none. It names the properties only, not the rest of
 * the channel's record, so a rename does not make an edit of properties stale.
 */
export function propertiesTag(stored: string | null): string {
  return `"p-${hash('sha1', stored ?? 'null', 'base64url')}"`;
}

/**
 * Refuses a change made from properties that have changed since (If-Match, RFC 9110 13.1.1):
 * 412 unless the header names the current tag or is `*` (the channel exists). The tag depends
 * only on the properties, so a proxy that weakens it (W/) while compressing does not make it
 * stale. Without the header nothing is checked: the interface's meaning stays.
 */
export function checkIfMatch(header: string | undefined, stored: string | null): void {
  if (header === undefined) return;
  const current = propertiesTag(stored);
  const named = header.split(',').map((candidate) => candidate.trim().replace(/^W\//, ''));
  if (named.includes('*') || named.includes(current)) return;
  throw staleProperties();
}

export const staleProperties = () =>
  new ApiError(
    'PRECONDITION_FAILED',
    'The properties have changed since they were read (If-Match); nothing was changed. ' +
      'Read them again and make the change anew.',
  );
