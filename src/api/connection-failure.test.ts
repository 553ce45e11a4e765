// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { apiRequest, configureApiClient } from './client.ts';
import {
  explainFailure,
  forgetPolicyViolations,
  watchPolicyViolations,
} from './connection-failure.ts';
import { ApiError } from './errors.ts';

const PAGE = 'https://console.example';
const CLOUD = 'https://cloud.example';

/** The browser's fetch as a page sees it: CORS-mode requests fail, no-cors ones get through. */
function browser(cloud: 'up' | 'down', requests: RequestInit[] = []) {
  globalThis.fetch = (async (_input: unknown, init: RequestInit = {}) => {
    requests.push(init);
    if (cloud === 'up' && init.mode === 'no-cors') return new Response(null, { status: 200 });
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  return requests;
}

function violation(blockedURI: string, effectiveDirective = 'connect-src') {
  return Object.assign(new Event('securitypolicyviolation'), { blockedURI, effectiveDirective });
}

const target = new EventTarget();
watchPolicyViolations(target);
afterEach(() => forgetPolicyViolations());

describe('why a request got no answer', () => {
  it('tells a cloud that answers but refuses this origin (CORS) from one that is down', async () => {
    const requests = browser('up');
    const error = await explainFailure(
      `${CLOUD}/v1/channels`,
      `${CLOUD}/v1/admin/ping`,
      undefined,
      PAGE,
    );
    expect(error).toMatchObject({ code: 'BLOCKED', status: 0 });
    expect(error.message).toBe(
      'The cloud at https://cloud.example answered, but does not let this console ' +
        '(https://console.example) read its answers (CORS). Its operator must add this origin to ' +
        'the cloud’s CORS_ORIGINS.',
    );
    expect(requests).toEqual([{ mode: 'no-cors', credentials: 'omit', cache: 'no-store' }]);

    browser('down');
    const down = await explainFailure(
      `${CLOUD}/v1/channels`,
      `${CLOUD}/v1/admin/ping`,
      undefined,
      PAGE,
    );
    expect(down).toMatchObject({ code: 'NETWORK', isNetwork: true });
    expect(down.message).toBe('The cloud cannot be reached. Check your connection.');
  });

  it('names this page’s policy when it forbade the connection', async () => {
    browser('down');
    target.dispatchEvent(violation(`${CLOUD}/v1/channels?x=1`));
    target.dispatchEvent(violation('https://images.example/a.png', 'img-src'));
    const error = await explainFailure(
      `${CLOUD}/v1/channels`,
      `${CLOUD}/v1/admin/ping`,
      undefined,
      PAGE,
    );
    expect(error.message).toBe(
      'This console’s Content-Security-Policy does not let it connect to https://cloud.example. ' +
        'Whoever serves the console must add https://cloud.example to connect-src.',
    );
    const images = await explainFailure(
      'https://images.example/b',
      'https://images.example/',
      undefined,
      PAGE,
    );
    expect(images.code).toBe('NETWORK');
  });

  it('does not probe its own origin: a failure there is the cloud being down', async () => {
    const requests = browser('up');
    const error = await explainFailure(
      `${PAGE}/v1/channels`,
      `${PAGE}/v1/admin/ping`,
      undefined,
      PAGE,
    );
    expect(error.code).toBe('NETWORK');
    expect(requests).toEqual([]);
  });

  it('is what every API request answers when the browser refused it', async () => {
    browser('up');
    configureApiClient({
      baseUrl: CLOUD,
      authorization: async () => 'Bearer t',
      onUnauthorized: () => undefined,
    });
    const failure = apiRequest('/v1/channels', { schema: (s) => s.ChannelRecordList }).catch(
      (error: unknown) => error,
    );
    const error = await failure;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'BLOCKED', isNetwork: false });
  });
});
