/** A channel's history page: following live, its sections, the temperature chart, raw data, replay. */
export const readings = {
  'readings.followLive': 'Follow live',
  'readings.followLive.on':
    'New readings join the chart, the track and the raw data as they arrive.',
  'readings.followLive.off': 'Only a range that ends now or within the last day can be followed.',
  'readings.section.temperature': 'Temperature',
  'readings.section.coldChain': 'Cold chain',
  'readings.section.trips': 'Trips and stops',
  'readings.section.track': 'GPS track',
  'readings.section.connectivity': 'Connectivity',
  'readings.section.raw': 'Raw data',
  'readings.title': 'History of {name}',
  'readings.dailySummary': 'Daily summary',
  'readings.conn.since': 'Since',
  'readings.conn.node': 'Node',
  'readings.conn.function': 'Function',
  'readings.conn.version': 'Version',
  'readings.conn.lastReported': 'Last reported',
  'readings.conn.label': 'Function and version changes',
  'readings.messages': '{count, plural, one {# message} other {# messages}}',
  'readings.progress':
    '{done, number} of {total, plural, one {# day} other {# days}} loaded, {messages, plural, one {# message} other {# messages}}',
  'readings.progressAll':
    'All {done, number} of {total, plural, one {# day} other {# days}} loaded, {messages, plural, one {# message} other {# messages}}',
  'readings.loadRest': 'Load the rest',
  'readings.loaded': 'History loaded',
  'readings.refused.title': 'The cloud does not let you read this',
  'readings.refused.explain':
    'What has arrived stays on screen. Asking again would be refused the same way; an administrator of the tenant can give you the permission it names.',
  'readings.partFailed.title': 'Part of the range could not be loaded',
  'readings.partFailed.explain':
    'What has arrived stays on screen; resuming asks only for the missing days.',
  'readings.resume': 'Resume',
  'readings.loadFailed': 'The history could not be loaded.',
  'readings.invalidAnswer': 'The cloud’s history answer does not follow the interface: {detail}.',
  'readings.none':
    '{what, select, positions {No positions} conn {No connectivity messages} temperatures {No temperatures} other {No messages}} in this range.',
  'readings.loading':
    'Loading {what, select, positions {positions} conn {connectivity messages} temperatures {temperatures} other {messages}}…',
  'readings.loadingSoFar':
    'Loading {what, select, positions {positions} conn {connectivity messages} temperatures {temperatures} other {messages}}… none in the {done, number} of {total, plural, one {# day} other {# days}} loaded so far.',
  'readings.raw.label': 'Raw messages',
  'readings.raw.time': 'Time',
  'readings.raw.node': 'Node',
  'readings.raw.sensor': 'Sensor',
  'readings.raw.type': 'Type',
  'readings.raw.value': 'Value',
  'readings.raw.gateway': 'Gateway',
  'readings.raw.reading': 'Reading…',
  'replay.play': 'Play',
  'replay.pause': 'Pause',
  'replay.speed': 'Replay speed',
  'replay.minutesPerSecond': '{n, number} min/s',
  'replay.hoursPerSecond': '{n, number} h/s',
  'replay.position': 'Replay position',
  'temperature.sensorReadings': '{label} ({count, plural, one {# reading} other {# readings}})',
  'temperature.band': '{label} ({members, plural, one {# sensor} other {# sensors}})',
  'temperature.bandLegend': '{label}: lowest to highest, median drawn',
  'temperature.wholeRange': 'Whole range',
  'temperature.window': '{from} – {to}',
  'temperature.dragToZoom': 'drag across the chart to zoom in',
  'temperature.asBands':
    '{count, number} sensors as bands by their limits; pick nodes below to see their own lines',
  'temperature.zoomIn': 'Zoom chart in',
  'temperature.zoomOut': 'Zoom chart out',
  'temperature.bandsAndSensors': 'Bands and sensors',
  'temperature.shaded':
    'Shaded where members were out of their limits: the darker, the more of them.',
  'temperature.shadedPicked':
    'Shaded where members were out of their limits: the darker, the more of them; the excursions of the lines you picked, darkest.',
  'temperature.shade':
    'Excursion of {sensor} {side, select, above {above} other {below}} the limits, from {from} to {to}',
  'temperature.shadeOngoing':
    'Excursion of {sensor} {side, select, above {above} other {below}} the limits, from {from}, still out at {to}',
};
