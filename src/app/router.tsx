import type { QueryClient } from '@tanstack/react-query';
import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Outlet, RouterContextProvider, type RouteObject } from 'react-router';
import { queryClientContext } from '../api/query-client.ts';
import { paths } from '../lib/paths.ts';
import { t } from '../i18n/i18n.ts';
import { CallbackPage } from './routes/callback-page.tsx';
import { NotFound } from './routes/not-found.tsx';
import { RequireSession } from './routes/require-session.tsx';
import { RouteError } from './routes/route-error.tsx';
import { SignInPage } from './routes/sign-in-page.tsx';

function PageLoader() {
  return (
    <Center mih="50vh">
      <Loader aria-label={t('common.loadingPage')} />
    </Center>
  );
}

/**
 * The route table: every page of the console, at its pattern from src/lib/paths.ts. Every page but
 * sign-in, the sign-in callback and not-found is its own chunk (a module in ./routes exporting
 * `Component` and, where it has data to warm, `loader`), so the first page carries only the
 * shell; the map and chart code load with the fleet and history pages only.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home.pattern,
    Component: Outlet,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      { path: paths.signIn.pattern, Component: SignInPage },
      // Part of signing in, like sign-in: it completes the code exchange the moment the provider
      // sends the person back, without waiting for a chunk first.
      { path: paths.callback.pattern, Component: CallbackPage },
      {
        Component: RequireSession,
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { index: true, lazy: () => import('./routes/home-page.tsx') },
              { path: paths.fleet.pattern, lazy: () => import('./routes/fleet-page.tsx') },
              { path: paths.channels.pattern, lazy: () => import('./routes/channels-page.tsx') },
              { path: paths.channel.pattern, lazy: () => import('./routes/channel-page.tsx') },
              {
                path: paths.channelHistory.pattern,
                lazy: () => import('./routes/channel-history-page.tsx'),
              },
              {
                path: paths.dailySummary.pattern,
                lazy: () => import('./routes/daily-summary-page.tsx'),
              },
              { path: paths.groups.pattern, lazy: () => import('./routes/groups-page.tsx') },
              { path: paths.group.pattern, lazy: () => import('./routes/group-page.tsx') },
              { path: paths.nodes.pattern, lazy: () => import('./routes/nodes-page.tsx') },
              {
                path: paths.permissions.pattern,
                lazy: () => import('./routes/permissions-page.tsx'),
              },
              { path: paths.alarms.pattern, lazy: () => import('./routes/alarms-page.tsx') },
              {
                path: paths.notifications.pattern,
                lazy: () => import('./routes/notifications-page.tsx'),
              },
              { path: paths.people.pattern, lazy: () => import('./routes/people-page.tsx') },
              { path: paths.activity.pattern, lazy: () => import('./routes/activity-page.tsx') },
              // Not a chunk of its own: the error boundary (route-error.tsx) shows it too, so it
              // is in the shell's chunk already.
              { path: '*', Component: NotFound },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(routes, {
    getContext() {
      const context = new RouterContextProvider();
      context.set(queryClientContext, queryClient);
      return context;
    },
  });
}
