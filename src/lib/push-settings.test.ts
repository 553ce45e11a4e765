import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  generateWebhookSecret,
  pushAddressError,
  pushIntervalError,
  pushSecretError,
} from './push-settings.ts';

describe('push settings', () => {
  it('accepts http and https addresses only, without credentials', () => {
    expect(pushAddressError('https://example.com/hook')).toBeNull();
    expect(pushAddressError('ftp://example.com')).toMatch(/https:\/\//);
    expect(pushAddressError('example.com/hook')).toMatch(/full address/);
    expect(pushAddressError('https://user:pw@example.com')).toBe(
      'The address must not carry a user name or password: the secret signs each delivery.',
    );
    expect(pushAddressError('')).toMatch(/Enter the address/);
  });

  it('bounds the interval to whole seconds within a day', () => {
    expect(pushIntervalError(0)).toBeNull();
    expect(pushIntervalError(86_400)).toBeNull();
    expect(pushIntervalError(86_401)).toMatch(/one day/);
    expect(pushIntervalError(1.5)).toMatch(/whole number/);
    expect(pushIntervalError('')).toMatch(/whole number/);
  });

  it('generates Standard Webhooks secrets the official library signs and verifies with', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(pushSecretError(secret)).toBeNull();
    expect(generateWebhookSecret()).not.toBe(secret);
    const webhook = new Webhook(secret);
    const body = '{"events":[]}';
    const id = 'msg_1';
    const timestamp = new Date();
    const signature = webhook.sign(id, timestamp, body);
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signature,
    };
    expect(webhook.verify(body, headers)).toEqual({ events: [] });
  });

  it('refuses short secrets and a whsec_ prefix without base64', () => {
    expect(pushSecretError('short')).toBe('The secret must be at least 8 characters.');
    expect(pushSecretError('whsec_not base64!')).toMatch(/base64/);
    expect(pushSecretError('a plain secret')).toBeNull();
  });
});
