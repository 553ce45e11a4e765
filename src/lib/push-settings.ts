import {
  PushAddress,
  PushIntervalSeconds,
  PushSecret,
  WHSEC_PREFIX,
} from '../../contract/push-settings.ts';
import { t } from '../i18n/i18n.ts';
import { fieldErrorIn } from './field-error.ts';

// The rules are the cloud's own (contract/push-settings.ts); an empty field is only asked for.

export function pushAddressError(value: string): string | null {
  const text = value.trim();
  if (text === '') return t('push.field.enterAddress');
  return fieldErrorIn('push.field.address', PushAddress, text);
}

export function pushIntervalError(value: number | string): string | null {
  if (value === '') return t('push.field.enterInterval');
  return fieldErrorIn('push.field.interval', PushIntervalSeconds, Number(value));
}

export function pushSecretError(value: string): string | null {
  return fieldErrorIn('push.field.secret', PushSecret, value);
}

/** A Standard Webhooks secret: "whsec_" and the base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `${WHSEC_PREFIX}${btoa(String.fromCharCode(...bytes))}`;
}
