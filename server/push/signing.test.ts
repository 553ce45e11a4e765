import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { signDelivery, signingKey } from './signing.ts';

describe('signing', () => {
  it('signs so that the official library verifies, for whsec_ and plain secrets', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.string({ minLength: 8, maxLength: 256, unit: 'grapheme' }),
        fc.string({ maxLength: 200 }),
        (keyBytes, plain, text) => {
          const body = JSON.stringify({ text });
          const now = Math.floor(Date.now() / 1000);
          const whsec = `whsec_${Buffer.from(keyBytes).toString('base64')}`;
          const signed = signDelivery(signingKey(whsec), 'msg_1', now, body);
          expect(new Webhook(whsec).verify(body, { ...signed })).toEqual({ text });
          const raw = signDelivery(signingKey(plain), 'msg_2', now, body);
          const library = new Webhook(Buffer.from(plain, 'utf8'), { format: 'raw' });
          expect(library.verify(body, { ...raw })).toEqual({ text });
        },
      ),
      { numRuns: 50 },
    );
  });

  it('matches the Standard Webhooks reference vector', () => {
    // From the specification's test suite (libraries/javascript/src/index.test.ts).
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    const headers = signDelivery(
      signingKey(secret),
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      body,
    );
    expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});
