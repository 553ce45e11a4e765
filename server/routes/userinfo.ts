import { UserInfo } from '../../contract/userinfo.ts';
import type { ZodApp } from '../http/zod-app.ts';
import { responses } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { NoQuery } from '../schemas/params.ts';

export function userinfoRoutes(app: ZodApp): void {
  app.get(
    '/v1/userinfo',
    {
      schema: {
        tags: ['caller'],
        summary: "The caller's profile and effective permissions",
        description:
          'Any signed-in user. `permissions` maps "<tenant>:<objectType>" to operations.',
        querystring: NoQuery,
        response: responses(UserInfo, ['BAD_REQUEST', 'UNAUTHORIZED']),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { sub, username, name, email } = caller.user;
      return { sub, username, name, email, permissions: caller.permissions() };
    },
  );
}
