import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { AuthContext, type SessionAuthenticator } from '../auth/auth-context.ts';
import { ConfigContext } from '../config/config-context.ts';
import type { ConsoleConfig } from '../config/config.ts';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { theme } from './theme.ts';

// Notices follow actions on pages that load later; their code need not delay the first page.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Suspense fallback={null}>
        <Notifications position="bottom-right" limit={4} />
      </Suspense>
      {children}
    </MantineProvider>
  );
}

export function AppProviders({
  config,
  authenticator,
  queryClient,
  children,
}: {
  config: ConsoleConfig;
  authenticator: SessionAuthenticator;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ConfigContext.Provider value={config}>
      <AuthContext.Provider value={authenticator}>
        <QueryClientProvider client={queryClient}>
          <I18nProvider>
            <ThemeProvider>{children}</ThemeProvider>
          </I18nProvider>
        </QueryClientProvider>
      </AuthContext.Provider>
    </ConfigContext.Provider>
  );
}
