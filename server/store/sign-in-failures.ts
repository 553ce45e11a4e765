import type { Api } from './sql/queries.ts';
import type { SqlSignInFailureStore } from './sql/sign-in-failures.ts';
export type SignInFailureStore = Api<SqlSignInFailureStore>;
