import { describe, expect, it } from 'vitest';
import { PROPERTIES_MAX_BYTES } from './limits.ts';
import { ChannelName, GatewaySerial, NodeSerial } from './names.ts';
import { checkPropertiesText, PropertiesText } from './properties.ts';
import { isUsableSecret, PushAddress, PushIntervalSeconds, PushSecret } from './push-settings.ts';

/** The first message the schema gives, or null when it takes the value. */
function refusal(schema: { safeParse: (value: unknown) => unknown }, value: unknown) {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { message: string }[] };
  };
  return result.success ? null : (result.error?.issues[0]?.message ?? 'refused');
}

/** `levels` nested arrays inside an object: {"a":[[…]]} nests `levels` deep. */
const nested = (levels: number) => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;

describe('names and serials', () => {
  it('takes names up to 128 characters, trimmed, and refuses C0, DEL and C1 control characters', () => {
    expect(ChannelName.parse('  North depot ')).toBe('North depot');
    expect(refusal(ChannelName, 'x'.repeat(128))).toBeNull();
    expect(refusal(ChannelName, 'x'.repeat(129))).toBe('must be at most 128 characters');
    expect(refusal(ChannelName, '   ')).toBe('must not be empty');
    for (const control of ['\u0000', '\n', '\u001f', '\u007f', '\u0085', '\u009f']) {
      expect(refusal(ChannelName, `North${control}ern`)).toBe(
        'must not contain control characters',
      );
    }
    expect(refusal(ChannelName, 'Größe 北 depot – ✓')).toBeNull();
  });

  it('takes serials of 1-64 letters, digits, dots, dashes, underscores and colons', () => {
    for (const serial of ['A', 'VAN-0001', 'gw_1.2:3', 'x'.repeat(64)]) {
      expect(refusal(NodeSerial, serial)).toBeNull();
    }
    for (const serial of ['', '-A', 'A B', 'x'.repeat(65), 'É1']) {
      expect(refusal(NodeSerial, serial)).toMatch(/^must be 1-64 letters/);
    }
    expect(refusal(GatewaySerial, 'GW:1')).toMatch(/^must not contain ":"/);
  });
});

describe('properties', () => {
  it('takes a JSON object and gives the compact JSON the cloud stores, with its UTF-8 bytes', () => {
    expect(checkPropertiesText('{ "site": "north", "n": 1 }')).toEqual({
      ok: true,
      value: { site: 'north', n: 1 },
      json: '{"site":"north","n":1}',
      bytes: 22,
    });
    expect(PropertiesText.parse('{ "größe": 1 }')).toBe('{"größe":1}');
  });

  it('nests at most 32 levels deep, and refuses 20000 without overflowing the stack', () => {
    expect(checkPropertiesText(nested(32)).ok).toBe(true);
    for (const levels of [33, 20_000]) {
      expect(checkPropertiesText(nested(levels))).toEqual({
        ok: false,
        error: 'must nest objects and arrays at most 32 levels deep',
      });
    }
  });

  it('refuses what is not a JSON object, or more bytes than the cloud keeps', () => {
    for (const text of ['[1]', 'null', '"text"', '42']) {
      expect(refusal(PropertiesText, text)).toBe('must be a JSON object, such as {"site":"north"}');
    }
    const big = JSON.stringify({ text: 'é'.repeat(PROPERTIES_MAX_BYTES / 2) });
    expect(refusal(PropertiesText, big)).toBe(
      `must be at most ${PROPERTIES_MAX_BYTES} bytes of JSON, not ${PROPERTIES_MAX_BYTES + 11}`,
    );
  });

  it('refuses the product’s own keys when they cannot mean anything, and passes the rest', () => {
    const refused = (value: unknown) => refusal(PropertiesText, JSON.stringify(value));
    expect(refused({ temperature: { min: 10, max: 2 } })).toBe(
      '"temperature.min" (10) must not be above "temperature.max" (2): no reading could be within them',
    );
    expect(refused({ temperature: { min: 2, max: 2, delayMinutes: 15 } })).toBeNull();
    expect(refused({ temperature: { max: 8 } })).toBeNull();
    expect(refused({ temperature: {} })).toBe('"temperature" must name "min", "max" or both');
    expect(refused({ temperature: { min: '2' } })).toBe('"temperature.min" must be a number of °C');
    expect(refused({ temperature: { max: 8, delayMinutes: -1 } })).toMatch(/delayMinutes/);
    expect(refused({ silentAfterMinutes: 0 })).toBe(
      '"silentAfterMinutes" must be a number of minutes above 0',
    );
    expect(refused({ silentAfterMinutes: 90 })).toBeNull();
    const depot = { name: 'Depot', lat: 52.39, lon: 4.82, radius: 150 };
    expect(refused({ places: [depot], alarmOnPlaces: true })).toBeNull();
    expect(refused({ places: [depot, { ...depot, lat: 91 }] })).toBe(
      '"places[1]".lat must be a latitude, -90 to 90',
    );
    expect(refused({ places: [{ ...depot, radius: 0 }] })).toMatch(/radius/);
    expect(refused({ places: depot })).toBe('"places" must be a list of places');
    expect(refused({ alarmOnPlaces: 'yes' })).toBe('"alarmOnPlaces" must be true or false');
    expect(refused({ site: 'north', temperatureNote: { min: 10, max: 2 } })).toBeNull();
  });

  it('says where JSON breaks to the person typing, but never repeats the text in the rule', () => {
    const check = checkPropertiesText('{"secret-ish": oops}');
    expect(check).toMatchObject({ ok: false, error: 'must be valid JSON' });
    expect(check.ok ? '' : check.syntax).toMatch(/JSON/);
    expect(refusal(PropertiesText, '{"secret-ish": oops}')).toBe('must be valid JSON');
  });
});

describe('push settings', () => {
  it('takes full http and https addresses without credentials', () => {
    expect(refusal(PushAddress, 'https://example.com/hook')).toBeNull();
    expect(refusal(PushAddress, 'http://10.0.0.5:8080/x')).toBeNull();
    expect(refusal(PushAddress, 'example.com/hook')).toMatch(/^must be a full address/);
    expect(refusal(PushAddress, 'ftp://example.com')).toBe('must start with https:// or http://');
    expect(refusal(PushAddress, 'https://user:pw@example.com')).toMatch(/user name or password/);
    expect(refusal(PushAddress, `https://example.com/${'x'.repeat(2048)}`)).toBe(
      'must be at most 2048 characters',
    );
  });

  it('bounds the interval to whole seconds within a day', () => {
    expect(refusal(PushIntervalSeconds, 0)).toBeNull();
    expect(refusal(PushIntervalSeconds, 86_400)).toBeNull();
    expect(refusal(PushIntervalSeconds, 86_401)).toBe('must be at most 86400 seconds (one day)');
    expect(refusal(PushIntervalSeconds, 1.5)).toMatch(/whole number/);
    expect(refusal(PushIntervalSeconds, -1)).toMatch(/whole number/);
  });

  it('takes whsec_ secrets only with base64 after the prefix, and any other of 8-256 characters', () => {
    expect(isUsableSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe(true);
    expect(isUsableSecret('a plain secret')).toBe(true);
    for (const secret of ['whsec_', 'whsec_not base64!', 'whsec_abc']) {
      expect(isUsableSecret(secret)).toBe(false);
    }
    expect(refusal(PushSecret, 'whsec_not*base64')).toBe('must be base64 after its whsec_ prefix');
    expect(refusal(PushSecret, 'seven c')).toBe('must be at least 8 characters');
    expect(refusal(PushSecret, 'ü'.repeat(256))).toBeNull();
    expect(refusal(PushSecret, 'x'.repeat(257))).toBe('must be at most 256 characters');
  });
});
