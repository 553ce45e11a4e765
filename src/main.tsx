import './app/styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { watchPolicyViolations } from './api/connection-failure.ts';
import { createQueryClient } from './api/query-client.ts';
import { createAuthenticator } from './auth/create-authenticator.ts';
import { loadConfig } from './config/config.ts';
import { ConfigErrorScreen } from './app/config-error-screen.tsx';
import { AppProviders, ThemeProvider } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { loadBasicForm } from './app/routes/sign-in-page.tsx';
import { I18nProvider, loadOpeningLanguage } from './i18n/i18n-provider.tsx';

async function start(element: HTMLElement): Promise<void> {
  // Before any request: a refusal by this page's policy is only ever told through this event.
  watchPolicyViolations();
  const root = createRoot(element);
  // A language other than English is a chunk of its own: fetched beside the configuration.
  const language = loadOpeningLanguage();
  let config;
  try {
    config = await loadConfig();
  } catch (error) {
    await language;
    root.render(
      <I18nProvider>
        <ThemeProvider>
          <ConfigErrorScreen error={error} />
        </ThemeProvider>
      </I18nProvider>,
    );
    return;
  }
  // The username and password form is a chunk: fetched now, beside the authenticator's start.
  if (config.authMode === 'basic') void loadBasicForm();
  await language;
  const queryClient = createQueryClient();
  const authenticator = await createAuthenticator(config, (refreshed) => {
    // A refreshed token: ask again what was refused. Otherwise the sign-in page takes over.
    if (refreshed) void queryClient.invalidateQueries();
  });
  const router = createAppRouter(queryClient);
  root.render(
    <StrictMode>
      <AppProviders config={config} authenticator={authenticator} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const element = document.getElementById('root');
if (element) void start(element);
