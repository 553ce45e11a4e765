/** The maps themselves (src/components/map): tiles, the offline basemap, hover details. */
export const map = {
  'map.tiles.timeout': 'Map tiles did not load in time.',
  'map.tiles.failed': 'Map tiles could not be loaded.',
  'map.attribution.osm': '&copy; OpenStreetMap contributors',
  'map.attribution.naturalEarth': 'Made with Natural Earth',
  'map.track.calculated': 'Calculated position (no GPS fix)',
  'map.track.gps': 'GPS fix',
  'map.track.accuracyUnknown': 'Accuracy unknown',
  'map.track.accurate': 'Accurate to about {metres, number} m',
  'map.track.start': 'Start of {node}: {time}',
  'map.track.end': 'End of {node}: {time}',
};
