/**
 * What GET /v1/userinfo must answer for each demo user (README, "Demo tenant";
 * docs/decisions/0003-caller-profile.md, "Caller profile"), written out rather than derived from the seed, so tests
 * check the seed against it.
 */
const all = ['READ', 'CREATE', 'UPDATE', 'DELETE', 'COMMISSION', 'EXECUTE'];

export const demoProfiles = [
  {
    username: 'admin',
    password: 'demo-admin',
    name: 'Ada Admin',
    email: 'admin@example.com',
    permissions: {
      'demo:assets': all,
      'demo:assets.history': all,
      'demo:groups': all,
      'demo:groups.history': all,
      'demo:users': ['READ'],
      'demo:audit': ['READ'],
      'acme:assets': ['READ'],
      'acme:groups': ['READ'],
    },
  },
  {
    username: 'fleet',
    password: 'demo-fleet',
    name: 'Finn Fleet',
    email: 'fleet@example.com',
    permissions: {
      'demo:assets': ['READ'],
      'demo:assets.history': ['READ'],
      'demo:groups': ['READ'],
      'demo:groups.history': ['READ'],
    },
  },
  {
    username: 'support',
    password: 'demo-support',
    name: 'Sam Support',
    email: 'support@example.com',
    permissions: {
      'demo:assets': ['READ'],
      'demo:groups': ['READ'],
      'demo:users': ['READ'],
      'demo:audit': ['READ'],
    },
  },
  {
    username: 'acme',
    password: 'demo-acme',
    name: 'Aiko Acme',
    email: 'ops@acme.telemetry.local',
    permissions: {
      'acme:assets': all,
      'acme:assets.history': all,
      'acme:groups': all,
      'acme:groups.history': all,
    },
  },
] as const;
