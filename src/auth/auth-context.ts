import { createContext, useContext, useSyncExternalStore } from 'react';
import type { BasicAuthenticator } from './basic.ts';
import type { OidcAuthenticator } from './oidc.ts';
import type { SessionState } from './session-store.ts';

/** Either session kind; `mode` tells them apart where a page must (the sign-in page). */
export type SessionAuthenticator = BasicAuthenticator | OidcAuthenticator;

export const AuthContext = createContext<SessionAuthenticator | null>(null);

export function useAuthenticator(): SessionAuthenticator {
  const authenticator = useContext(AuthContext);
  if (authenticator === null) throw new Error('useAuthenticator outside AuthContext');
  return authenticator;
}

export function useSession(): SessionState {
  const { store } = useAuthenticator();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
