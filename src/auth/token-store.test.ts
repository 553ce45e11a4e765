// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readHint, TokenStore, webStorageBackend, type KeyValueBackend } from './token-store.ts';

function memoryBackend(): KeyValueBackend & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: async (key) => data.get(key) ?? null,
    set: async (key, value) => void data.set(key, value),
    delete: async (key) => void data.delete(key),
    keys: async () => [...data.keys()],
  };
}

const userKey = 'user:https://cloud.example/auth:console';
const user = {
  access_token: 'secret-access-token',
  refresh_token: 'secret-refresh-token',
  expires_at: 1_900_000_000,
  profile: { sub: 's1', preferred_username: 'fleet', name: 'Finn Fleet' },
};

afterEach(() => window.localStorage.clear());

describe('TokenStore', () => {
  it('keeps tokens in the backend and only a hint of the session in localStorage', async () => {
    const backend = memoryBackend();
    const store = new TokenStore(backend, userKey);
    await store.set(userKey, JSON.stringify(user));
    expect(JSON.parse(backend.data.get(userKey) ?? '')).toEqual(user);
    expect(readHint()).toEqual({ username: 'fleet', refresh: true, expiresAt: 1_900_000_000 });
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('secret-');

    expect(await store.remove(userKey)).toBe(JSON.stringify(user));
    expect(backend.data.size).toBe(0);
    expect(readHint()).toBeNull();
  });

  it('writes no hint for other records (sign-in states)', async () => {
    const store = new TokenStore(memoryBackend(), userKey);
    await store.set('state-1', '{"code_verifier":"x"}');
    expect(await store.getAllKeys()).toEqual(['state-1']);
    expect(readHint()).toBeNull();
  });

  it('falls back to web storage under a prefix of its own', async () => {
    const store = new TokenStore(webStorageBackend(window.localStorage), userKey);
    await store.set(userKey, JSON.stringify({ ...user, refresh_token: undefined }));
    expect(await store.getAllKeys()).toEqual([userKey]);
    expect(readHint()).toMatchObject({ refresh: false });
  });
});
