import {
  PushAddress,
  PushIntervalSeconds,
  PushSecret,
  WHSEC_PREFIX,
} from '../../contract/push-settings.ts';
import { fieldError } from './field-error.ts';

// The rules are the cloud's own (contract/push-settings.ts); an empty field is only asked for.

export function pushAddressError(value: string): string | null {
  const text = value.trim();
  if (text === '') return 'Enter the address that receives the events.';
  return fieldError('The address', PushAddress, text);
}

export function pushIntervalError(value: number | string): string | null {
  if (value === '') return 'Enter a whole number of seconds, 0 or more.';
  return fieldError('The interval', PushIntervalSeconds, Number(value));
}

export function pushSecretError(value: string): string | null {
  return fieldError('The secret', PushSecret, value);
}

/** A Standard Webhooks secret: "whsec_" and the base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `${WHSEC_PREFIX}${btoa(String.fromCharCode(...bytes))}`;
}
