import type { Grant, UserStore } from '../store/users.ts';
import { hashPassword, type ScryptParams } from '../auth/passwords.ts';
import { objectTypes, operations } from '../../contract/userinfo.ts';

/** The demo tenant's people (README, "Demo tenant"). Tests and the README use these names. */
export const demoUsers = [
  {
    username: 'admin',
    password: 'demo-admin',
    name: 'Ada Admin',
    email: 'admin@example.com',
    tenant: 'demo',
    sets: ['demo-admin'],
  },
  {
    username: 'fleet',
    password: 'demo-fleet',
    name: 'Finn Fleet',
    email: 'fleet@example.com',
    tenant: 'demo',
    sets: ['demo-fleet'],
  },
  {
    username: 'support',
    password: 'demo-support',
    name: 'Sam Support',
    email: 'support@example.com',
    tenant: 'demo',
    sets: ['demo-support'],
  },
  // Besides the three demo roles: the owner of tenant acme, whose channels show what admin may
  // read there but not change.
  {
    username: 'acme',
    password: 'demo-acme',
    name: 'Aiko Acme',
    email: 'ops@acme.telemetry.local',
    tenant: 'acme',
    sets: ['acme-admin'],
  },
] as const;

const every = (tenant: string, types: readonly string[]): Grant[] =>
  types.flatMap((objectType) => operations.map((operation) => ({ tenant, objectType, operation })));
const read = (tenant: string, types: readonly string[]): Grant[] =>
  types.map((objectType) => ({ tenant, objectType, operation: 'READ' as const }));

/** Extensions' object types: who the people are, and the audit trail (docs/api-extensions.md, "People and the access explainer"). */
const supportTypes = ['users', 'audit'];

const demoPermissionSets: { name: string; description: string; grants: Grant[] }[] = [
  {
    name: 'demo-admin',
    description: 'Everything in demo; READ on assets and groups in acme',
    grants: [
      ...every('demo', objectTypes),
      ...read('demo', supportTypes),
      ...read('acme', ['assets', 'groups']),
    ],
  },
  {
    name: 'demo-fleet',
    description: 'Fleet manager: read demo and its history',
    grants: read('demo', objectTypes),
  },
  {
    name: 'demo-support',
    description: 'Support: read demo, its people and audit trail; no history',
    grants: read('demo', ['assets', 'groups', ...supportTypes]),
  },
  { name: 'acme-admin', description: 'Everything in acme', grants: every('acme', objectTypes) },
];

/** Creates the demo tenants, permission sets and users; returns user ids by username. */
export async function seedDemoAccounts(
  users: UserStore,
  now: number,
  scrypt?: ScryptParams,
): Promise<Record<(typeof demoUsers)[number]['username'], number>> {
  const hashes = await Promise.all(demoUsers.map((user) => hashPassword(user.password, scrypt)));
  for (const set of demoPermissionSets) {
    await users.definePermissionSet(set.name, set.description, set.grants);
  }
  const ids = {} as Record<(typeof demoUsers)[number]['username'], number>;
  for (const [index, user] of demoUsers.entries()) {
    const row =
      (await users.findByUsername(user.username)) ??
      (await users.create({ ...user, passwordHash: hashes[index] ?? null, now }));
    await users.setPermissionSets(row.id, user.sets);
    ids[user.username] = row.id;
  }
  return ids;
}
