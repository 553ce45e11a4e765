import { describe, expect, it } from 'vitest';
import { consoleSecurityHeaders } from './console.ts';

describe("the console's security headers", () => {
  it('allow connections to the console origin only', () => {
    const policy = consoleSecurityHeaders()['content-security-policy'];
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("script-src 'self';");
  });

  it('also allow an outside identity provider the console signs in with', () => {
    const policy = consoleSecurityHeaders(['https://example.eu.auth0.com'])[
      'content-security-policy'
    ];
    expect(policy).toContain("connect-src 'self' https://example.eu.auth0.com;");
  });
});
