import type { Services } from '../services.ts';
import type { Channel } from '../store/channels.ts';
import type { Store } from '../store/store.ts';
import { places } from './amsterdam.ts';
import { demoGateways } from './gateway-network.ts';
import type { demoUsers } from './demo-accounts.ts';
import { ADMIN_SHARED_TRUCKS, demoGroups, type DemoGroupKey, type Vehicle } from './fleet.ts';
import type { GatewayKeys } from './simulator-keys.ts';
import { demoGroupPlaces, demoNodePlaces } from './demo-places.ts';

export type DemoUserIds = Record<(typeof demoUsers)[number]['username'], number>;

/**
 * Who reaches which group besides its owner (README, "Demo fleet"): fleet managers and
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

/**
 * Temperature limits for cold-chain reports (docs/decisions/0024-fleet-reports-and-the-history-engine.md, "Cold chain"): the Cold chain
 * group carries the frozen band for all its members, and each chilled reefer its own, nearer one.
 * The bands are set so that door openings at deliveries show as excursions and a defrost cycle
 * mostly does not.
 */
const demoLimits = {
  frozen: { min: -25, max: -12 },
  chilled: { min: 0, max: 8 },
} as const;

/** A channel created as its owner would through the API: the owner also gets access to it. */
export async function createOwned(
  store: Store,
  input: {
    type: 'NODE' | 'GATEWAY' | 'GROUP';
    name: string;
    tenant: string;
    ownerId: number;
    now: number;
    reference?: string;
  },
): Promise<Channel> {
  const channel = await store.channels.create(input);
  await store.channels.grantAccess(input.ownerId, channel.id);
  return channel;
}

export interface CreatedFleet {
  gateways: Channel[];
  keys: GatewayKeys;
  groups: Map<DemoGroupKey, Channel>;
  nodes: Map<string, Channel>;
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
): Promise<CreatedFleet> {
  return services.store.transaction(async (tx) => {
    const { channels } = tx;
    const ownerOf = (tenant: 'demo' | 'acme') => (tenant === 'demo' ? ids.admin : ids.acme);
    const keys: GatewayKeys = {};
    const gateways: Channel[] = [];
    for (const site of demoGateways) {
      const gateway = await createOwned(tx, {
        type: 'GATEWAY',
        name: site.name,
        tenant: site.tenant,
        ownerId: ownerOf(site.tenant),
        reference: site.serial,
        now: since,
      });
      await channels.setProperties(
        gateway.id,
        JSON.stringify({ location: { lat: site.lat, lon: site.lon } }),
      );
      keys[site.serial] = await tx.gatewayKeys.issue(gateway.id, since);
      gateways.push(gateway);
    }

    const groups = new Map<DemoGroupKey, Channel>();
    const setGroups = new Map<string, number[]>();
    for (const spec of demoGroups) {
      if (!fleet.some((vehicle) => vehicle.group === spec.key)) continue;
      const group = await createOwned(tx, {
        type: 'GROUP',
        name: spec.name,
        tenant: spec.tenant,
        ownerId: ownerOf(spec.tenant),
        now: since,
      });
      const reach = groupReach[spec.key];
      for (const user of reach.users ?? []) await channels.grantAccess(ids[user], group.id);
      for (const set of reach.sets ?? []) {
        setGroups.set(set, [...(setGroups.get(set) ?? []), group.id]);
      }
      await channels.setProperties(
        group.id,
        JSON.stringify({
          ...(spec.key === 'coldChain' ? { temperature: demoLimits.frozen } : {}),
          places: demoGroupPlaces(spec.key, fleet),
        }),
      );
      groups.set(spec.key, group);
    }
    for (const [set, groupIds] of setGroups) await tx.permissionSetGroups.setGroups(set, groupIds);

    const nodes = new Map<string, Channel>();
    for (const vehicle of fleet) {
      const node = await createOwned(tx, {
        type: 'NODE',
        name: vehicle.name,
        tenant: vehicle.tenant,
        ownerId: ownerOf(vehicle.tenant),
        reference: vehicle.serial,
        now: since,
      });
      const chilledReefer = vehicle.kind === 'reefer' && vehicle.cargo.mode === 'chilled';
      const home = demoNodePlaces(vehicle);
      await channels.setProperties(
        node.id,
        JSON.stringify({
          vehicle: kindLabel[vehicle.kind],
          cargo: cargoLabel[vehicle.cargo.mode],
          depot: places[vehicle.depot.place].label,
          ...(chilledReefer ? { temperature: demoLimits.chilled } : {}),
          ...(home.length > 0 ? { places: home } : {}),
        }),
      );
      if (ADMIN_SHARED_TRUCKS.includes(vehicle.serial)) {
        await channels.grantAccess(ids.admin, node.id);
      }
      const group = vehicle.group && groups.get(vehicle.group);
      if (group) await tx.groups.addMember(group.id, node.id, since);
      nodes.set(vehicle.serial, node);
    }
    return { gateways, keys, groups, nodes };
  });
}
