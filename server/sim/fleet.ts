import { districts, places, type PlaceId } from './amsterdam.ts';
import { offset } from './geo.ts';
import { unit } from './random.ts';
import type { Stop } from './road-graph.ts';

type VehicleKind = 'van' | 'reefer' | 'truck';

/** What the TEMP sensor measures: a reefer's box, a van's chiller, or a plain cargo space. */
type Cargo =
  | { mode: 'frozen'; setpoint: -18 }
  | { mode: 'chilled'; setpoint: 4 }
  | { mode: 'chiller'; setpoint: 5 }
  | { mode: 'ambient' };

export type DemoGroupKey = 'coldChain' | 'vansWest' | 'vansSouthEast' | 'acmeTrucks';

export interface Vehicle {
  serial: string;
  name: string;
  kind: VehicleKind;
  tenant: 'demo' | 'acme';
  /** Seeds every random draw of this vehicle; unique in the fleet. */
  id: number;
  group: DemoGroupKey | null;
  /** Where its tours are loaded. */
  depot: Stop;
  /** Where it parks overnight. */
  home: Stop;
  /** Where it delivers. */
  stops: readonly PlaceId[];
  /** Where a reefer picks up chilled or frozen goods. */
  hubs: readonly Stop[];
  cargo: Cargo;
  /** CONN `function`: the applications on the node (1 tracking, 2 temperature, 4 reefer control). */
  functionCode: number;
}

export const demoGroups: readonly { key: DemoGroupKey; name: string; tenant: 'demo' | 'acme' }[] = [
  { key: 'coldChain', name: 'Cold chain', tenant: 'demo' },
  { key: 'vansWest', name: 'Vans Westpoort', tenant: 'demo' },
  { key: 'vansSouthEast', name: 'Vans Zuidoost', tenant: 'demo' },
  { key: 'acmeTrucks', name: 'Acme trucks', tenant: 'acme' },
];

export const FLEET_SIZE = { vans: 60, reefers: 40, trucks: 5 } as const;
export type FleetSize = { vans: number; reefers: number; trucks: number };

const pad = (n: number) => String(n).padStart(2, '0');

/** A parking spot or loading dock a little away from the waypoint, the same every day. */
function spot(place: PlaceId, seed: number, minM = 30, maxM = 140): Stop {
  const at = offset(
    places[place],
    minM + (maxM - minM) * unit(seed, 1),
    unit(seed, 2) * 2 * Math.PI,
  );
  return { place, ...at };
}

function van(n: number): Vehicle {
  const id = 10_000 + n;
  // Odd numbers run from Westpoort, even ones from Amstel III: any first few vans cover both.
  const west = n % 2 === 1;
  const depot = spot(west ? 'westpoortDc' : 'amstel3Depot', id);
  // One driver in five takes the van home.
  const takesHome = unit(id, 3) < 0.2;
  const homePlace = districts.residential[Math.floor(unit(id, 4) * districts.residential.length)];
  return {
    serial: `VAN-${String(n).padStart(4, '0')}`,
    name: `Van ${pad(n)}`,
    kind: 'van',
    tenant: 'demo',
    id,
    group: west ? 'vansWest' : 'vansSouthEast',
    depot,
    home: takesHome && homePlace ? spot(homePlace, id + 1, 150, 450) : depot,
    stops: west ? districts.west : districts.southEast,
    hubs: [],
    cargo: n % 3 === 0 ? { mode: 'chiller', setpoint: 5 } : { mode: 'ambient' },
    functionCode: 3,
  };
}

function reefer(n: number): Vehicle {
  const id = 20_000 + n;
  const yard = spot(n % 4 < 2 ? 'foodCenter' : 'schipholColdStore', id);
  return {
    serial: `RFR-${String(n).padStart(4, '0')}`,
    name: `Reefer ${pad(n)}`,
    kind: 'reefer',
    tenant: 'demo',
    id,
    group: 'coldChain',
    depot: yard,
    home: yard,
    stops: districts.supermarkets,
    hubs: (['foodCenter', 'schipholColdStore', 'westpoortDc'] as const).map((hub, i) =>
      spot(hub, id * 10 + i, 20, 80),
    ),
    cargo: n % 2 === 1 ? { mode: 'frozen', setpoint: -18 } : { mode: 'chilled', setpoint: 4 },
    functionCode: 7,
  };
}

function truck(n: number): Vehicle {
  const id = 30_000 + n;
  const yard = spot('schipholLogistics', id);
  return {
    serial: `ACME-${String(n).padStart(4, '0')}`,
    name: `Acme Truck ${pad(n)}`,
    kind: 'truck',
    tenant: 'acme',
    id,
    group: n <= 3 ? 'acmeTrucks' : null,
    depot: yard,
    home: yard,
    stops: districts.supermarkets,
    hubs: [],
    cargo: { mode: 'ambient' },
    functionCode: 3,
  };
}

/**
 * The demo fleet. A vehicle depends only on its kind and number, so a smaller fleet (tests) is
 * the first vehicles of the full one, and the simulator finds each vehicle again by its serial.
 */
export function demoFleet(size: FleetSize = FLEET_SIZE): Vehicle[] {
  const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
  return [
    ...range(size.vans).map(van),
    ...range(size.reefers).map(reefer),
    ...range(size.trucks).map(truck),
  ];
}

/** The acme trucks that admin is given access to directly (besides the group). */
export const ADMIN_SHARED_TRUCKS = ['ACME-0005'];
