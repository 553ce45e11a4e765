import type { map as en } from '../en/map.ts';

export const map: Record<keyof typeof en, string> = {
  'map.tiles.timeout': 'De kaarttegels zijn niet op tijd geladen.',
  'map.tiles.failed': 'De kaarttegels konden niet worden geladen.',
  'map.attribution.osm': '&copy; OpenStreetMap-bijdragers',
  'map.attribution.naturalEarth': 'Gemaakt met Natural Earth',
  'map.track.calculated': 'Berekende positie (geen GPS-positie)',
  'map.track.gps': 'GPS-positie',
  'map.track.accuracyUnknown': 'Nauwkeurigheid onbekend',
  'map.track.accurate': 'Nauwkeurig tot ongeveer {metres, number} m',
  'map.track.start': 'Begin van {node}: {time}',
  'map.track.end': 'Einde van {node}: {time}',
};
