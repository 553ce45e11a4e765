import type { QueryClient } from '@tanstack/react-query';
import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate, Outlet, RouterContextProvider } from 'react-router';
import { queryClientContext } from '../api/query-client.ts';
import { CallbackPage } from './routes/callback-page.tsx';
import { NotFound } from './routes/not-found.tsx';
import { RequireSession } from './routes/require-session.tsx';
import { RouteError } from './routes/route-error.tsx';
import { SignInPage } from './routes/sign-in-page.tsx';

function PageLoader() {
  return (
    <Center mih="50vh">
      <Loader aria-label="Loading page" />
    </Center>
  );
}

/**
 * Every page but sign-in is its own chunk, so the first page carries only the shell; the map and
 * chart code load with the fleet and history pages only. Each route module exports `Component`
 * and, where it has data to warm, `loader`.
 */
export const routes = [
  {
    path: '/',
    Component: Outlet,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      { path: 'sign-in', Component: SignInPage },
      { path: 'callback', Component: CallbackPage },
      {
        Component: RequireSession,
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { index: true, element: <Navigate to="/fleet" replace /> },
              { path: 'fleet', lazy: () => import('../features/fleet-map/route.tsx') },
              { path: 'channels', lazy: () => import('../features/channels/route.tsx') },
              { path: 'channels/:channelUuid', lazy: () => import('./routes/channel-route.tsx') },
              {
                path: 'channels/:channelUuid/history',
                lazy: () => import('../features/history/route.tsx'),
              },
              { path: 'groups', lazy: () => import('../features/groups/groups-route.tsx') },
              {
                path: 'groups/:groupUuid',
                lazy: () => import('../features/groups/group-route.tsx'),
              },
              { path: 'nodes', lazy: () => import('../features/nodes/route.tsx') },
              { path: 'permissions', lazy: () => import('../features/permissions/route.tsx') },
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
