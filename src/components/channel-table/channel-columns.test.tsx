import { describe, expect, it } from 'vitest';
import { groupsOfTwoTenants } from '../../test/tenant-clouds.ts';
import { channelListColumns, tenantsIn, withTenantColumn } from './channel-columns.tsx';

describe('the tenant beside each name', () => {
  it('follows the name when a listing holds channels of several tenants, and only then', () => {
    expect(tenantsIn(groupsOfTwoTenants)).toEqual(['acme', 'demo']);
    const headers = (channels: typeof groupsOfTwoTenants) =>
      withTenantColumn(channelListColumns, channels).map((column) => column.header);
    expect(headers(groupsOfTwoTenants).slice(0, 2)).toEqual(['Name · tenant', 'Type']);
    expect(headers(groupsOfTwoTenants.slice(0, 1))[0]).toBe('Name');
  });
});
