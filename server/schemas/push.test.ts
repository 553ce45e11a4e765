import { describe, expect, it } from 'vitest';
import { PushQuery } from './push.ts';

describe('push query', () => {
  const parse = (query: Record<string, string>) => PushQuery.safeParse(query);

  it('takes whsec_ secrets with base64 and any other secret of 8 to 256 characters', () => {
    for (const secret of ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'eight ch', 'ü'.repeat(256)]) {
      expect(parse({ to: 'https://hooks.example.com/', secret }).success).toBe(true);
    }
  });

  it('refuses unusable secrets without repeating them', () => {
    expect(parse({ to: 'https://hooks.example.com/', secret: 'whsec_' }).success).toBe(false);
    for (const secret of ['whsec_not*base64', 'seven c', 'x'.repeat(257)]) {
      const result = parse({ to: 'https://hooks.example.com/', secret });
      expect(result.success).toBe(false);
      expect(JSON.stringify(result.error?.issues)).not.toContain(secret);
    }
    const whsec = parse({ to: 'https://hooks.example.com/', secret: 'whsec_not*base64' });
    expect(whsec.error?.issues[0]?.message).toBe('must be base64 after its whsec_ prefix');
  });
});
