// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { apiRequest, configureApiClient } from './client.ts';
import {
  explainFailure,
  forgetPolicyViolations,
  watchPolicyViolations,
} from './connection-failure.ts';
import { ApiError } from './errors.ts';
import { pageError } from './history-engine/engine-client.ts';
import { engineError } from '../lib/history-store/engine.ts';
import { applyLanguage } from '../i18n/i18n.ts';
import { say } from '../i18n/message.ts';

/** The sentence the page shows for a failure it explained (the error carries it as data). */
function words(error: ApiError): string {
  expect(error.words).toBeDefined();
  return error.words ? say(error.words) : '';
}

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
afterEach(() => {
  forgetPolicyViolations();
  applyLanguage('en', ['en-GB']);
});

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
    expect(words(error)).toBe(
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
    expect(words(down)).toBe('The cloud cannot be reached. Check your connection.');
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
    expect(words(error)).toBe(
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

  it('says the sign-in service’s failures with its client, in the page’s language', async () => {
    browser('up');
    const failed = { service: 'signIn', clientId: 'console' } as const;
    const error = await explainFailure(`${CLOUD}/auth/x`, `${CLOUD}/auth/y`, failed, PAGE);
    expect(words(error)).toBe(
      'The sign-in service at https://cloud.example cannot be reached: it gave no answer this ' +
        'console may read. Most likely it is down, and a proxy in front of it answers with an ' +
        'error page (which carries no CORS headers); try again in a moment. If it lasts while ' +
        'the service is up, it does not let this console (https://console.example) read its ' +
        'answers (CORS): its operator must allow this origin for the client console: redirect ' +
        'URI https://console.example/callback, and https://console.example where it lists ' +
        'allowed (CORS) origins.',
    );
    // The worker knows no language: what it sends is data, worded where it is shown.
    const fromWorker = pageError(structuredClone(engineError(error)));
    expect(fromWorker).toMatchObject({ code: 'BLOCKED', words: error.words });
    applyLanguage('nl', ['nl-NL']);
    expect(words(error)).toMatch(
      /^De inlogdienst op https:\/\/cloud\.example is niet bereikbaar: .* laat hij deze console \(https:\/\/console\.example\) de antwoorden niet lezen \(CORS\): de beheerder moet deze origin toestaan voor de client console: /,
    );
    browser('down');
    const down = await explainFailure(`${CLOUD}/v1/x`, `${CLOUD}/v1/admin/ping`, undefined, PAGE);
    expect(words(down)).toBe('De cloud is niet bereikbaar. Controleer je verbinding.');
  });
});
