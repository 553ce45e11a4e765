import type { ChannelRecord } from '../../contract/channel.ts';

/** An OpenAPI document whose create operations take our `tenant` extension. */
export const tenantChoiceDocument = {
  paths: {
    '/v1/groups/{groupName}': { post: { parameters: [{ name: 'tenant', in: 'query' }] } },
    '/v1/nodes/{nodeSerial}': {
      post: {
        parameters: [
          { name: 'name', in: 'query' },
          { name: 'tenant', in: 'query' },
        ],
      },
    },
  },
};

/** Two groups of one name in two tenants: the admin's own and one it may only read. */
export const groupsOfTwoTenants: ChannelRecord[] = [
  {
    uuid: '9a000000-0000-4000-8000-000000000001',
    channelType: 'GROUP',
    name: 'Acme trucks',
    active: true,
    tenant: 'demo',
  },
  {
    uuid: '9a000000-0000-4000-8000-000000000002',
    channelType: 'GROUP',
    name: 'Acme trucks',
    active: true,
    tenant: 'acme',
  },
];
