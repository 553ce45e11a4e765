import { describe, expect, it } from 'vitest';
import { mayCreate, mayOnChannel, mayOnExisting, tenantsOf } from './permissions.ts';

const admin = {
  'demo:assets': ['READ', 'CREATE', 'UPDATE', 'DELETE', 'COMMISSION'],
  'demo:groups': ['READ', 'CREATE', 'UPDATE', 'DELETE'],
  'acme:assets': ['READ'],
  'acme:groups': ['READ'],
} as const;
const support = { 'demo:assets': ['READ'], 'demo:groups': ['READ'] } as const;

describe('permission checks', () => {
  it('names the one tenant whose permission is missing', () => {
    expect(mayOnExisting(support, 'groups', 'UPDATE')).toEqual({
      allowed: false,
      reason: 'your role does not allow editing groups and their members in tenant demo',
      technical: 'needs UPDATE on groups in tenant demo',
    });
  });

  it('allows when the only candidate tenant grants the operation', () => {
    expect(mayOnExisting({ 'demo:groups': ['READ', 'UPDATE'] }, 'groups', 'UPDATE')).toEqual({
      allowed: true,
      tenant: 'demo',
    });
  });

  it('leaves it to the cloud when only some candidate tenants grant it', () => {
    expect(mayOnExisting(admin, 'assets', 'UPDATE')).toEqual({ allowed: true, tenant: null });
  });

  it('refuses when no candidate tenant grants it, naming them all', () => {
    expect(mayOnExisting(admin, 'assets', 'EXECUTE')).toEqual({
      allowed: false,
      reason: 'your role does not allow running commands on nodes in tenant acme or demo',
      technical: 'needs EXECUTE on assets in tenant acme or demo',
    });
  });

  it('refuses history without the history object type', () => {
    expect(mayOnExisting(support, 'assets.history', 'READ').allowed).toBe(false);
  });

  it('allows creation when any tenant grants it', () => {
    expect(mayCreate(admin, 'groups', 'CREATE')).toEqual({ allowed: true, tenant: 'demo' });
    expect(mayCreate(support, 'assets', 'COMMISSION')).toEqual({
      allowed: false,
      reason: 'your role does not allow commissioning nodes in tenant demo',
      technical: 'needs COMMISSION on assets in tenant demo',
    });
  });

  it('checks the tenant a channel record names (our extension), not a guess over tenants', () => {
    const truck = { channelType: 'NODE', tenant: 'acme' } as const;
    expect(mayOnChannel(admin, truck, 'UPDATE')).toEqual({
      allowed: false,
      reason: 'your role does not allow editing nodes and sensors in tenant acme',
      technical: 'needs UPDATE on assets in tenant acme',
    });
    expect(mayOnChannel(admin, { ...truck, tenant: 'demo' }, 'UPDATE')).toEqual({
      allowed: true,
      tenant: 'demo',
    });
    expect(
      mayOnChannel(admin, { channelType: 'GROUP', tenant: 'acme' }, 'READ', { history: true }),
    ).toEqual({
      allowed: false,
      reason: 'your role does not allow reading the history of groups in tenant acme',
      technical: 'needs READ on groups.history in tenant acme',
    });
    // Without the field: as before, the mixed case is left to the cloud.
    expect(mayOnChannel(admin, { channelType: 'NODE' }, 'UPDATE')).toEqual({
      allowed: true,
      tenant: null,
    });
  });

  it('reads tenants from the keys, splitting at the first colon', () => {
    expect(tenantsOf({ 'demo:assets.history': ['READ'], 'acme:groups': [] })).toEqual([
      'acme',
      'demo',
    ]);
  });
});
