import { ProfileUpdate, UserInfo } from '../../contract/userinfo.ts';
import type { FastifyRequest } from 'fastify';
import type { ZodApp } from '../http/zod-app.ts';
import { responses } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { NoQuery } from '../schemas/params.ts';
import type { Services } from '../services.ts';
import type { User } from '../store/users.ts';

/** The caller's profile; `shown` in place of their user as the request found it (just changed). */
function userinfoOf(request: FastifyRequest, shown?: Pick<User, 'name' | 'email'>): UserInfo {
  const caller = callerOf(request);
  const { sub, username } = caller.user;
  const { name, email } = shown ?? caller.user;
  const roles = request.rolesNote;
  return {
    sub,
    username,
    name,
    email,
    permissions: caller.permissions(),
    ...(roles ? { roles } : {}),
  };
}

export function userinfoRoutes(app: ZodApp, services: Services): void {
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
    async (request) => userinfoOf(request),
  );

  app.put(
    '/v1/userinfo/profile',
    {
      schema: {
        tags: ['caller'],
        summary: 'Extension: the name and email the identity provider gave the caller',
        description:
          'Sent once by the console after a sign-in with an outside identity provider, from its ' +
          'userinfo endpoint or ID token, which the API never sees. Changes how the account is ' +
          'shown and nothing else: permissions come from the access token alone. Accounts with ' +
          "a password are the cloud's own and keep their name and email.",
        querystring: NoQuery,
        body: ProfileUpdate,
        response: responses(UserInfo, ['BAD_REQUEST', 'UNAUTHORIZED']),
      },
    },
    async (request) => {
      const { user } = callerOf(request);
      const { name, email } = request.body;
      if (user.passwordHash === null && (name !== undefined || email !== undefined)) {
        const profile = { name: name ?? user.name, email: email ?? user.email };
        await services.store.users.updateProfile(user.id, profile);
        // Not written into the request's user: a token's user is kept and shared by requests
        // (reach-cache.ts), and the store's change makes the next request read it again.
        return userinfoOf(request, profile);
      }
      return userinfoOf(request);
    },
  );
}
