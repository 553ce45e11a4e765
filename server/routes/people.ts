import { z } from 'zod';
import {
  ChannelMatchList,
  PersonList,
  PersonProfile,
  type PersonSummary,
} from '../../contract/people.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { Caller } from '../auth/caller.ts';
import { notFound } from '../http/errors.ts';
import { Filter, NoQuery } from '../schemas/params.ts';
import type { Person } from '../store/people.ts';
import { operationNeeds } from './operation-needs.ts';
import { requireSomeTenant } from './need-checks.ts';

/** People listed at most per request: a search narrows it. */
const PEOPLE_MAX = 500;
/** Channels a lookup answers at most: a picker shows a few, and a longer name narrows it. */
const CHANNELS_MAX = 20;

const summaryOf = (person: Person): PersonSummary => ({
  id: person.sub,
  username: person.username,
  name: person.name,
  email: person.email,
  tenant: person.tenant,
  origin: person.builtIn ? 'built-in' : 'provider',
  permissionSets: person.permissionSets,
  ...(person.lastSignIn !== null ? { lastSignIn: person.lastSignIn } : {}),
});

/** The person `id` names, when the caller may look them up (READ on users in their tenant). */
export async function personInView(services: Services, caller: Caller, id: string) {
  const person = await services.store.people.findBySub(id);
  if (!person || !caller.can(person.tenant, 'users', 'READ')) {
    throw notFound(`There is no person ${id} among the people you may look up.`);
  }
  return person;
}

/** Our extension: people, for support (docs/decisions/0071-people-and-access.md). */
export function peopleRoutes(app: ZodApp, services: Services): void {
  app.get(
    '/v1/users',
    {
      schema: {
        tags: ['extension: people'],
        summary: 'People (extension)',
        description:
          'The accounts of the tenants where the caller holds READ on `users`, by username: ' +
          'name, origin, permission sets, last sign-in. `filter` matches username, name or ' +
          `email, case-insensitively, as a substring. At most ${PEOPLE_MAX}. Never a secret.`,
        querystring: z.strictObject({ filter: Filter.optional() }),
        response: responses(PersonList, ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN']),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      requireSomeTenant(caller, operationNeeds['GET /v1/users'].someTenant);
      const tenants = caller.tenantsWith('users', 'READ');
      const people = await services.store.people.list(tenants, request.query.filter, PEOPLE_MAX);
      return people.map(summaryOf);
    },
  );

  app.get(
    '/v1/channels/lookup',
    {
      schema: {
        tags: ['extension: people'],
        summary: 'Channels by name, to explain access (extension)',
        description:
          'Channels of the tenants where the caller holds READ on `users`, whether or not the ' +
          'caller reaches them (decommissioned ones too): `filter` matches the name or serial, ' +
          `case-insensitively, as a substring. By name, at most ${CHANNELS_MAX}. For the access ` +
          'explainer: support must find the channel a person asks about.',
        querystring: z.strictObject({ filter: Filter.optional() }),
        response: responses(ChannelMatchList, ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN']),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      requireSomeTenant(caller, operationNeeds['GET /v1/channels/lookup'].someTenant);
      const tenants = caller.tenantsWith('users', 'READ');
      const found = await services.store.people.channelsNamed(
        tenants,
        request.query.filter,
        CHANNELS_MAX,
      );
      return found.map(({ type, reference, ...channel }) => ({
        ...channel,
        channelType: type,
        ...(reference !== null ? { reference } : {}),
      }));
    },
  );

  app.get(
    '/v1/users/:userId',
    {
      schema: {
        tags: ['extension: people'],
        summary: 'A person’s profile and effective permissions (extension)',
        description:
          'What GET /v1/userinfo answers when that person asks, with their tenant, origin and ' +
          'permission sets (grants, and the groups each reaches). Needs READ on `users` in the ' +
          'person’s tenant; anyone else is answered 404, as a person who does not exist.',
        params: z.object({ userId: z.string().min(1).max(300) }),
        querystring: NoQuery,
        response: responses(PersonProfile),
      },
    },
    async (request): Promise<PersonProfile> => {
      const caller = callerOf(request);
      const person = await personInView(services, caller, request.params.userId);
      const user = await services.store.users.findById(person.id);
      if (!user) throw notFound(`There is no person ${request.params.userId}.`);
      const them = new Caller(user, await services.store.users.grantsOf(user.id));
      const [sets, reaches] = await Promise.all([
        services.store.people.permissionSets(),
        services.store.permissionSetGroups.list(),
      ]);
      const visible = new Set(caller.tenantsWith('users', 'READ'));
      return {
        id: person.sub,
        sub: person.sub,
        username: person.username,
        name: person.name,
        email: person.email,
        permissions: them.permissions(),
        tenant: person.tenant,
        origin: person.builtIn ? 'built-in' : 'provider',
        ...(person.lastSignIn !== null ? { lastSignIn: person.lastSignIn } : {}),
        permissionSets: sets
          .filter((set) => person.permissionSets.includes(set.name))
          .map((set) => ({
            name: set.name,
            description: set.description,
            grants: set.grants,
            groups: (reaches.find((reach) => reach.name === set.name)?.groups ?? [])
              .filter((group) => visible.has(group.tenant))
              .map(({ uuid, name }) => ({ uuid, name })),
          })),
      };
    },
  );
}
