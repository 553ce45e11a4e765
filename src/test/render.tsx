import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ConfigContext } from '../config/config-context.ts';
import type { ConsoleConfig } from '../config/config.ts';
import { configureApiClient } from '../api/client.ts';
import { localEngine } from '../api/history-engine/local-engine.ts';
import { HistoryEngineContext } from '../api/history-engine/engine-context.ts';
import { userinfoKeys } from '../api/userinfo.ts';
import type { PermissionMap } from '../lib/permissions.ts';

function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Requests go to a fake fetch; each test says what the cloud answers. */
export function fakeCloud(answer: (url: URL, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: URL; init: RequestInit }[] = [];
  configureApiClient({
    baseUrl: 'http://cloud.test',
    authorization: async () => 'Basic dGVzdDp0ZXN0',
    onUnauthorized: () => undefined,
  });
  globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    calls.push({ url, init });
    return answer(url, init);
  }) as typeof fetch;
  return calls;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface PageOptions {
  /** The route pattern the element is mounted at (for pages that read params), and the URL opened. */
  path?: string;
  url?: string;
  /** The runtime configuration, for pages that read it (maps read the tile URL). */
  config?: ConsoleConfig;
  /** Other routes the page may navigate to. */
  routes?: RouteObject[];
  /** The app's own query client (createQueryClient), where a test needs its behaviour. */
  client?: QueryClient;
  /** 'from-cloud': no profile is given; the page asks the fake cloud's /v1/userinfo for it. */
  profile?: 'given' | 'from-cloud';
}

/** Renders inside the providers the app gives pages, with a profile holding `permissions`. */
export function renderPage(
  element: ReactElement,
  permissions: PermissionMap = {},
  {
    path = '*',
    url = '/',
    config,
    routes = [],
    client = testQueryClient(),
    profile = 'given',
  }: PageOptions = {},
) {
  if (profile === 'given') {
    client.setQueryData(userinfoKeys.all, {
      sub: 'u1',
      username: 'tester',
      name: 'Tess Ter',
      email: 'tess@example.com',
      permissions,
    });
  }
  const router = createMemoryRouter([{ path, element }, ...routes], { initialEntries: [url] });
  const page = (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        {/* The history engine in the test's own thread (jsdom has no workers), new per test. */}
        <HistoryEngineContext.Provider value={localEngine()}>
          <RouterProvider router={router} />
        </HistoryEngineContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return {
    client,
    router,
    ...render(
      config ? <ConfigContext.Provider value={config}>{page}</ConfigContext.Provider> : page,
    ),
  };
}
