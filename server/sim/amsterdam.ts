import type { LatLon } from './geo.ts';

/**
 * A hand-made road map of Amsterdam for the demo fleet: approximate real coordinates of the A10
 * ring and the motorways leaving it, the arterial roads into the districts, depots, the Food Center
 * and supermarket areas. Made by hand because the machine has no network (no OSM extract); roads
 * are straight between waypoints, dense enough on the ring to follow its shape.
 */
export type RoadClass = 'motorway' | 'arterial' | 'street';

export interface Place extends LatLon {
  label: string;
}

/** Speeds in km/h, before traffic. */
export const roadSpeedKmh: Record<RoadClass, number> = { motorway: 88, arterial: 38, street: 24 };

export const places = {
  // A10 ring, clockwise from the A8 junction in the north-west.
  coenplein: { label: 'Knooppunt Coenplein', lat: 52.4183, lon: 4.8873 },
  a10S116: { label: 'A10 Noord, S116', lat: 52.4087, lon: 4.9147 },
  a10S117: { label: 'A10 Noord, Buikslotermeer', lat: 52.4016, lon: 4.9362 },
  a10S115: { label: 'A10 Noord, Nieuwendam', lat: 52.3932, lon: 4.954 },
  zeeburgertunnelN: { label: 'Zeeburgertunnel north', lat: 52.3858, lon: 4.9633 },
  zeeburgertunnelS: { label: 'Zeeburgertunnel south', lat: 52.3757, lon: 4.9722 },
  zeeburg: { label: 'Knooppunt Zeeburg', lat: 52.366, lon: 4.9781 },
  a10S113: { label: 'A10 Oost, Watergraafsmeer', lat: 52.352, lon: 4.9665 },
  a10S112: { label: 'A10 Oost, Duivendrecht', lat: 52.341, lon: 4.946 },
  amstel: { label: 'Knooppunt Amstel', lat: 52.3336, lon: 4.9195 },
  a10S109: { label: 'A10 Zuid, RAI', lat: 52.3371, lon: 4.8897 },
  a10S108: { label: 'A10 Zuid, Zuidas', lat: 52.3386, lon: 4.8722 },
  nieuweMeer: { label: 'Knooppunt De Nieuwe Meer', lat: 52.3447, lon: 4.8392 },
  a10S106: { label: 'A10 West, Cornelis Lelylaan', lat: 52.3583, lon: 4.8358 },
  a10S105: { label: 'A10 West, Jan van Galenstraat', lat: 52.3727, lon: 4.8366 },
  a10S104: { label: 'A10 West, Bos en Lommer', lat: 52.3838, lon: 4.8387 },
  a10S103: { label: 'A10 West, Sloterdijk', lat: 52.3892, lon: 4.8404 },
  a10S102: { label: 'A10 West, Westpoort', lat: 52.3951, lon: 4.8496 },
  coentunnelS: { label: 'Coentunnel south', lat: 52.3995, lon: 4.859 },
  coentunnelN: { label: 'Coentunnel north', lat: 52.41, lon: 4.8732 },
  // Motorways out of the ring.
  a8Zaandam: { label: 'A8, Zaandam', lat: 52.4317, lon: 4.844 },
  a4Badhoevedorp: { label: 'A4, Badhoevedorp', lat: 52.331, lon: 4.797 },
  a4SchipholOost: { label: 'A4, Schiphol-Oost', lat: 52.315, lon: 4.7855 },
  a2Ouderkerk: { label: 'A2, Ouderkerk', lat: 52.317, lon: 4.929 },
  a2Amstel3: { label: 'A2, Amstel III', lat: 52.3055, lon: 4.9335 },
  halfweg: { label: 'N200, Halfweg', lat: 52.3858, lon: 4.7545 },
  // Depots, hubs and yards.
  westpoortDc: { label: 'Westpoort distribution centre', lat: 52.399, lon: 4.824 },
  westpoortBasisweg: { label: 'Basisweg', lat: 52.3935, lon: 4.833 },
  amstel3Depot: { label: 'Amstel III depot', lat: 52.3035, lon: 4.944 },
  foodCenter: { label: 'Food Center Amsterdam', lat: 52.3757, lon: 4.848 },
  schipholLogistics: { label: 'Schiphol Logistics Park', lat: 52.301, lon: 4.7745 },
  schipholColdStore: { label: 'Schiphol cold store', lat: 52.2975, lon: 4.765 },
  noordIndustrial: { label: 'Cornelis Douwesterrein', lat: 52.401, lon: 4.8975 },
  // Arterials and districts: where deliveries go.
  janVanGalen: { label: 'Jan van Galenstraat', lat: 52.374, lon: 4.841 },
  deClercq: { label: 'De Clercqstraat', lat: 52.3693, lon: 4.87 },
  jordaan: { label: 'Jordaan', lat: 52.376, lon: 4.883 },
  dam: { label: 'Dam', lat: 52.373, lon: 4.8935 },
  centraal: { label: 'Centraal Station', lat: 52.378, lon: 4.901 },
  ijtunnelS: { label: 'IJtunnel south', lat: 52.379, lon: 4.908 },
  ijtunnelN: { label: 'IJtunnel north', lat: 52.3885, lon: 4.9095 },
  buikslotermeer: { label: 'Buikslotermeerplein', lat: 52.399, lon: 4.934 },
  pietHeinkade: { label: 'Piet Heinkade', lat: 52.377, lon: 4.925 },
  pietHeintunnelW: { label: 'Piet Heintunnel west', lat: 52.3745, lon: 4.938 },
  pietHeintunnelE: { label: 'Piet Heintunnel east', lat: 52.369, lon: 4.962 },
  ijburgBrug: { label: 'Enneus Heermabrug', lat: 52.359, lon: 4.99 },
  ijburg: { label: 'IJburg', lat: 52.3545, lon: 5.002 },
  leidseplein: { label: 'Leidseplein', lat: 52.364, lon: 4.883 },
  overtoom: { label: 'Overtoom', lat: 52.361, lon: 4.86 },
  museumplein: { label: 'Stadhouderskade', lat: 52.3585, lon: 4.882 },
  albertCuyp: { label: 'De Pijp', lat: 52.3555, lon: 4.895 },
  wibaut: { label: 'Wibautstraat', lat: 52.3555, lon: 4.913 },
  oosterpark: { label: 'Oosterpark', lat: 52.3605, lon: 4.924 },
  dappermarkt: { label: 'Dappermarkt', lat: 52.3633, lon: 4.9285 },
  indischeBuurt: { label: 'Indische Buurt', lat: 52.363, lon: 4.943 },
  watergraafsmeer: { label: 'Watergraafsmeer', lat: 52.355, lon: 4.948 },
  amstelstation: { label: 'Amstel station', lat: 52.3465, lon: 4.9175 },
  rai: { label: 'RAI', lat: 52.3415, lon: 4.89 },
  beethovenstraat: { label: 'Beethovenstraat', lat: 52.348, lon: 4.875 },
  zuidas: { label: 'Zuidas', lat: 52.3385, lon: 4.8735 },
  buitenveldert: { label: 'Buitenveldert', lat: 52.3305, lon: 4.878 },
  amstelveenNoord: { label: 'Amstelveen Noord', lat: 52.323, lon: 4.856 },
  amstelveen: { label: 'Amstelveen Stadshart', lat: 52.303, lon: 4.86 },
  diemen: { label: 'Diemen', lat: 52.34, lon: 4.962 },
  arena: { label: 'Johan Cruijff ArenA', lat: 52.3145, lon: 4.942 },
  amsterdamsePoort: { label: 'Amsterdamse Poort', lat: 52.315, lon: 4.952 },
  lelylaanWest: { label: 'Cornelis Lelylaan', lat: 52.3582, lon: 4.818 },
  osdorpplein: { label: 'Osdorpplein', lat: 52.3585, lon: 4.7985 },
  bosEnLommer: { label: 'Bos en Lommer', lat: 52.3795, lon: 4.851 },
  westerpark: { label: 'Westerpark', lat: 52.385, lon: 4.876 },
  zaandam: { label: 'Zaandam centre', lat: 52.4394, lon: 4.8155 },
  haarlem: { label: 'Haarlem', lat: 52.381, lon: 4.641 },
} as const satisfies Record<string, Place>;

export type PlaceId = keyof typeof places;

export interface Road {
  from: PlaceId;
  to: PlaceId;
  class: RoadClass;
  /** No satellites: positions on it are calculated in the cloud (dead reckoning). */
  tunnel?: boolean;
}

const chain = (ids: readonly PlaceId[], roadClass: RoadClass): Road[] =>
  ids.slice(1).map((to, index) => ({ from: ids[index] as PlaceId, to, class: roadClass }));

/** Two-way roads. */
export const roads: readonly Road[] = [
  ...chain(['coenplein', 'a10S116', 'a10S117', 'a10S115', 'zeeburgertunnelN'], 'motorway'),
  { from: 'zeeburgertunnelN', to: 'zeeburgertunnelS', class: 'motorway', tunnel: true },
  ...chain(['zeeburgertunnelS', 'zeeburg', 'a10S113', 'a10S112', 'amstel', 'a10S109'], 'motorway'),
  ...chain(['a10S109', 'a10S108', 'nieuweMeer', 'a10S106', 'a10S105', 'a10S104'], 'motorway'),
  ...chain(['a10S104', 'a10S103', 'a10S102', 'coentunnelS'], 'motorway'),
  { from: 'coentunnelS', to: 'coentunnelN', class: 'motorway', tunnel: true },
  { from: 'coentunnelN', to: 'coenplein', class: 'motorway' },
  ...chain(['coenplein', 'a8Zaandam'], 'motorway'),
  ...chain(['a8Zaandam', 'zaandam'], 'arterial'),
  ...chain(['nieuweMeer', 'a4Badhoevedorp', 'a4SchipholOost'], 'motorway'),
  ...chain(['a4SchipholOost', 'schipholLogistics', 'schipholColdStore'], 'arterial'),
  ...chain(['amstel', 'a2Ouderkerk', 'a2Amstel3'], 'motorway'),
  ...chain(['a2Amstel3', 'amstel3Depot', 'amsterdamsePoort', 'arena', 'a10S112'], 'arterial'),
  ...chain(['a10S103', 'halfweg', 'haarlem'], 'arterial'),
  ...chain(['a10S102', 'westpoortBasisweg', 'westpoortDc'], 'arterial'),
  ...chain(
    ['a10S105', 'janVanGalen', 'foodCenter', 'deClercq', 'leidseplein', 'museumplein'],
    'arterial',
  ),
  ...chain(
    ['museumplein', 'albertCuyp', 'wibaut', 'oosterpark', 'dappermarkt', 'indischeBuurt'],
    'arterial',
  ),
  ...chain(['indischeBuurt', 'zeeburg'], 'arterial'),
  ...chain(['deClercq', 'jordaan', 'dam', 'centraal', 'ijtunnelS'], 'street'),
  { from: 'ijtunnelS', to: 'ijtunnelN', class: 'arterial', tunnel: true },
  ...chain(['ijtunnelN', 'buikslotermeer', 'a10S117'], 'arterial'),
  ...chain(['ijtunnelN', 'noordIndustrial', 'a10S116'], 'arterial'),
  ...chain(['centraal', 'pietHeinkade', 'pietHeintunnelW'], 'arterial'),
  { from: 'pietHeintunnelW', to: 'pietHeintunnelE', class: 'arterial', tunnel: true },
  ...chain(['pietHeintunnelE', 'zeeburg', 'ijburgBrug', 'ijburg'], 'arterial'),
  ...chain(['museumplein', 'beethovenstraat', 'zuidas', 'a10S108'], 'arterial'),
  ...chain(['zuidas', 'buitenveldert'], 'street'),
  ...chain(['albertCuyp', 'rai', 'a10S109'], 'arterial'),
  ...chain(['wibaut', 'amstelstation', 'amstel'], 'arterial'),
  ...chain(['a10S113', 'watergraafsmeer', 'oosterpark'], 'arterial'),
  ...chain(['a10S112', 'diemen'], 'arterial'),
  ...chain(['nieuweMeer', 'amstelveenNoord', 'amstelveen'], 'arterial'),
  ...chain(['a10S106', 'lelylaanWest', 'osdorpplein'], 'arterial'),
  ...chain(['a10S106', 'overtoom', 'leidseplein'], 'arterial'),
  ...chain(['a10S104', 'bosEnLommer', 'westerpark', 'centraal'], 'arterial'),
];

/** Where deliveries go, by the depot's side of town. */
export const districts = {
  west: [
    'jordaan',
    'dam',
    'westerpark',
    'bosEnLommer',
    'deClercq',
    'overtoom',
    'osdorpplein',
    'lelylaanWest',
    'leidseplein',
    'centraal',
    'zaandam',
    'buikslotermeer',
    'noordIndustrial',
    'halfweg',
  ],
  southEast: [
    'albertCuyp',
    'museumplein',
    'zuidas',
    'buitenveldert',
    'rai',
    'wibaut',
    'amstelstation',
    'oosterpark',
    'dappermarkt',
    'indischeBuurt',
    'watergraafsmeer',
    'diemen',
    'ijburg',
    'arena',
    'amsterdamsePoort',
    'amstelveen',
  ],
  /** Supermarkets that take chilled and frozen goods, across the region. */
  supermarkets: [
    'jordaan',
    'deClercq',
    'albertCuyp',
    'dappermarkt',
    'indischeBuurt',
    'osdorpplein',
    'buikslotermeer',
    'amstelveen',
    'ijburg',
    'amsterdamsePoort',
    'zaandam',
    'haarlem',
    'diemen',
    'buitenveldert',
    'bosEnLommer',
    'westerpark',
  ],
  /** Streets where drivers who take their van home park it overnight. */
  residential: ['osdorpplein', 'buikslotermeer', 'diemen', 'amstelveen', 'ijburg', 'zaandam'],
} as const satisfies Record<string, readonly PlaceId[]>;

export interface GatewaySite extends LatLon {
  serial: string;
  name: string;
}

/** The demo's four gateways, one in each quarter of the region. */
export const gatewaySites: readonly GatewaySite[] = [
  { serial: 'GW-WESTPOORT', name: 'Gateway Westpoort', lat: 52.3975, lon: 4.827 },
  { serial: 'GW-NOORD', name: 'Gateway Noord', lat: 52.4, lon: 4.928 },
  { serial: 'GW-ZUIDOOST', name: 'Gateway Zuidoost', lat: 52.311, lon: 4.946 },
  { serial: 'GW-SCHIPHOL', name: 'Gateway Schiphol', lat: 52.305, lon: 4.78 },
];
