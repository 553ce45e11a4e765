import type { Services } from '../services.ts';
import type { ChannelRow } from '../store/channel-row.ts';
import { transaction } from '../store/db.ts';
import { PermissionSetGroupStore } from '../store/permission-set-groups.ts';
import { gatewaySites, places } from './amsterdam.ts';
import type { demoUsers } from './demo-accounts.ts';
import { ADMIN_SHARED_TRUCKS, demoGroups, type DemoGroupKey, type Vehicle } from './fleet.ts';
import type { GatewayKeys } from './simulator-keys.ts';

export type DemoUserIds = Record<(typeof demoUsers)[number]['username'], number>;

/**
 * Who reaches which group besides its owner (DESIGN.md, "Demo tenant"): fleet managers and
 * support through their permission sets, so that anyone holding the set (a person of an outside
 * provider whose role maps to it, say) sees the same; admin through a grant of its own.
 */
const groupReach: Record<DemoGroupKey, { sets?: readonly string[]; users?: readonly 'admin'[] }> = {
  coldChain: { sets: ['demo-fleet'] },
  vansWest: { sets: ['demo-fleet'] },
  vansSouthEast: { sets: ['demo-support'] },
  acmeTrucks: { users: ['admin'] },
};

const cargoLabel: Record<Vehicle['cargo']['mode'], string> = {
  frozen: 'frozen, −18 °C',
  chilled: 'chilled, +4 °C',
  chiller: 'chiller, +5 °C',
  ambient: 'ambient',
};
const kindLabel: Record<Vehicle['kind'], string> = {
  van: 'Delivery van',
  reefer: 'Reefer trailer',
  truck: 'Box truck',
};

/** A channel created as its owner would through the API: the owner also gets access to it. */
export function createOwned(
  services: Services,
  input: {
    type: 'NODE' | 'GATEWAY' | 'GROUP';
    name: string;
    tenant: string;
    ownerId: number;
    now: number;
    reference?: string;
  },
): ChannelRow {
  const row = services.channels.create(input);
  services.channels.grantAccess(input.ownerId, row.id);
  return row;
}

export interface CreatedFleet {
  gateways: ChannelRow[];
  keys: GatewayKeys;
  groups: Map<DemoGroupKey, ChannelRow>;
  nodes: Map<string, ChannelRow>;
}

/**
 * Registers the demo's gateways, groups and nodes, as admin (demo) and acme would through the
 * API, dated `since` so that the backfilled history falls after them. Groups exist before any
 * data arrives, so the backfill is published to them.
 */
export function createDemoFleet(
  services: Services,
  ids: DemoUserIds,
  fleet: readonly Vehicle[],
  since: number,
): CreatedFleet {
  return transaction(services.db, () => {
    const { channels } = services;
    const ownerOf = (tenant: 'demo' | 'acme') => (tenant === 'demo' ? ids.admin : ids.acme);
    const keys: GatewayKeys = {};
    const gateways = gatewaySites.map((site) => {
      const gateway = createOwned(services, {
        type: 'GATEWAY',
        name: site.name,
        tenant: 'demo',
        ownerId: ids.admin,
        reference: site.serial,
        now: since,
      });
      channels.setProperties(
        gateway.id,
        JSON.stringify({ location: { lat: site.lat, lon: site.lon } }),
      );
      keys[site.serial] = services.gatewayKeys.issue(gateway.id, since);
      return gateway;
    });

    const groups = new Map<DemoGroupKey, ChannelRow>();
    const setGroups = new Map<string, number[]>();
    for (const spec of demoGroups) {
      if (!fleet.some((vehicle) => vehicle.group === spec.key)) continue;
      const group = createOwned(services, {
        type: 'GROUP',
        name: spec.name,
        tenant: spec.tenant,
        ownerId: ownerOf(spec.tenant),
        now: since,
      });
      const reach = groupReach[spec.key];
      for (const user of reach.users ?? []) channels.grantAccess(ids[user], group.id);
      for (const set of reach.sets ?? [])
        setGroups.set(set, [...(setGroups.get(set) ?? []), group.id]);
      groups.set(spec.key, group);
    }
    const reachOfSets = new PermissionSetGroupStore(services.db);
    for (const [set, groupIds] of setGroups) reachOfSets.setGroups(set, groupIds);

    const nodes = new Map<string, ChannelRow>();
    for (const vehicle of fleet) {
      const node = createOwned(services, {
        type: 'NODE',
        name: vehicle.name,
        tenant: vehicle.tenant,
        ownerId: ownerOf(vehicle.tenant),
        reference: vehicle.serial,
        now: since,
      });
      channels.setProperties(
        node.id,
        JSON.stringify({
          vehicle: kindLabel[vehicle.kind],
          cargo: cargoLabel[vehicle.cargo.mode],
          depot: places[vehicle.depot.place].label,
        }),
      );
      if (ADMIN_SHARED_TRUCKS.includes(vehicle.serial)) channels.grantAccess(ids.admin, node.id);
      const group = vehicle.group && groups.get(vehicle.group);
      if (group) services.groups.addMember(group.id, node.id, since);
      nodes.set(vehicle.serial, node);
    }
    return { gateways, keys, groups, nodes };
  });
}
