import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.ts';

describe('CORS_ORIGINS', () => {
  it('takes exact origins, comma-separated; unset means none', () => {
    expect(configFromEnv({}).corsOrigins).toEqual([]);
    expect(
      configFromEnv({ CORS_ORIGINS: 'https://console.example, http://127.0.0.1:8413' }).corsOrigins,
    ).toEqual(['https://console.example', 'http://127.0.0.1:8413']);
  });

  it.each(['https://console.example/', 'https://console.example/app', '*', 'console.example'])(
    'refuses %s, which is not an origin',
    (value) => {
      expect(() => configFromEnv({ CORS_ORIGINS: value })).toThrow(
        `CORS_ORIGINS: "${value}" is not an origin`,
      );
    },
  );
});
