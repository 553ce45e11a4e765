import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n.ts';
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

  describe('in Dutch', () => {
    afterEach(() => applyLanguage('en', ['en-US']));

    // Every rule of the contract has its own Dutch sentence: none falls back to the contract's
    // English words.
    it('says every rule of address, interval and secret in Dutch', () => {
      applyLanguage('nl', ['nl-NL']);
      expect(pushAddressError('')).toBe('Vul het adres in dat de gebeurtenissen ontvangt.');
      expect(pushAddressError('example.com/hook')).toBe(
        'Het adres moet een volledig adres zijn, zoals https://example.com/telemetry.',
      );
      expect(pushAddressError('ftp://example.com')).toBe(
        'Het adres moet beginnen met https:// of http://.',
      );
      expect(pushAddressError('https://user:pw@example.com')).toBe(
        'Het adres mag geen gebruikersnaam of wachtwoord bevatten: het geheim ondertekent elke levering.',
      );
      expect(pushAddressError(`https://example.com/${'a'.repeat(2_048)}`)).toBe(
        'Het adres mag hoogstens 2.048 tekens lang zijn.',
      );
      expect(pushIntervalError('')).toBe('Vul een geheel aantal seconden in, 0 of meer.');
      expect(pushIntervalError(-5)).toBe(
        'De interval moet een geheel aantal seconden zijn, 0 of meer.',
      );
      expect(pushIntervalError(2.5)).toBe(
        'De interval moet een geheel aantal seconden zijn, 0 of meer.',
      );
      expect(pushIntervalError(99_999_999_999)).toBe(
        'De interval mag hoogstens 86.400 seconden zijn (één dag).',
      );
      expect(pushSecretError('short')).toBe('Het geheim moet minstens 8 tekens lang zijn.');
      expect(pushSecretError('x'.repeat(257))).toBe(
        'Het geheim mag hoogstens 256 tekens lang zijn.',
      );
      expect(pushSecretError('whsec_not base64!')).toBe(
        'Het geheim moet na het voorvoegsel whsec_ base64 zijn.',
      );
    });
  });
});
