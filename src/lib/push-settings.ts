import {
  PUSH_INTERVAL_MAX_S,
  PUSH_SECRET_MAX_LENGTH,
  PUSH_SECRET_MIN_LENGTH,
  PUSH_URL_MAX_LENGTH,
} from '../../contract/limits.ts';

/** The cloud's rules for a push address (docs/decisions.md); null when it is acceptable. */
export function pushAddressError(value: string): string | null {
  const text = value.trim();
  if (text === '') return 'Enter the address that receives the events.';
  if (text.length > PUSH_URL_MAX_LENGTH) return `At most ${PUSH_URL_MAX_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full address, such as https://example.com/telemetry.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return 'The address must start with https:// or http://.';
  }
  if (url.hostname === '') return 'The address needs a host name.';
  if (url.username !== '' || url.password !== '') {
    return 'No user name or password in the address: the secret signs each delivery.';
  }
  return null;
}

export function pushIntervalError(value: number | string): string | null {
  const number = typeof value === 'number' ? value : Number(value);
  if (value === '' || !Number.isInteger(number) || number < 0) {
    return 'A whole number of seconds, 0 or more.';
  }
  if (number > PUSH_INTERVAL_MAX_S) return `At most ${PUSH_INTERVAL_MAX_S} seconds (one day).`;
  return null;
}

export function pushSecretError(value: string): string | null {
  if (value.length < PUSH_SECRET_MIN_LENGTH) {
    return `At least ${PUSH_SECRET_MIN_LENGTH} characters; generate one to be safe.`;
  }
  if (value.length > PUSH_SECRET_MAX_LENGTH) return `At most ${PUSH_SECRET_MAX_LENGTH} characters.`;
  if (value.startsWith('whsec_')) {
    const base64 = value.slice('whsec_'.length);
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) {
      return 'A whsec_ secret must be followed by base64.';
    }
  }
  return null;
}

/** A Standard Webhooks secret: "whsec_" and the base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

export function describeInterval(seconds: number): string {
  if (seconds === 0) return 'each event at once';
  if (seconds === 1) return 'at most one batch every second';
  return `at most one batch every ${seconds} seconds`;
}
