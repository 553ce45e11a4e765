/** History pages: a channel over a range, its measurements, tracks and exports. */
export const history = {
  'history.loading': 'Loading history',
  'history.channelNotLoaded': 'This channel could not be loaded',
  'history.unreachable.missingNamed': '{name} does not exist or is out of your reach',
  'history.unreachable.missingDescription':
    'It may have been removed, or your access to it ended: the cloud answers the same for both, and asking again will not change its answer.',
  'history.unreachable.forbidden': 'You may not see this channel',
  'history.unreachable.forbiddenNamed': 'You may not see {name}',
  'history.unreachable.forbiddenDescription':
    'Your role does not allow it, and asking again will not change that. An administrator of its tenant can give you access.',
  'history.unreachable.goToFleet': 'Go to the fleet map',
  'history.dayShown': 'The track and stops of {day}',
  'history.showWholeRange': 'Show the whole range',
  'history.unreachable.historyGone':
    'This channel does not exist any more, or it is now out of your reach. What has arrived stays on screen; asking again would be refused the same way.',
  'history.channelDetails': 'Channel details',
  'history.invalidRange': 'This link names no valid range',
  'history.noAccess.title': 'History is not available to you',
  'history.noAccess.why':
    'You may not read this history: {reason}. Measurements, tracks and exports cannot be shown.',
  'history.noAccess.ask':
    'Ask an administrator of your tenant for a role that includes history. What you may do is listed on the Permissions page.',
  'export.csv': 'Export CSV',
  'export.json': 'Export JSON',
  'export.geojson': 'Export GeoJSON (positions)',
  'export.group': 'Export the whole range',
  'export.cancel': 'Cancel export',
  'export.written': 'Export written',
  'export.progress':
    'Writing day {done, number} of {total, number}, {items, plural, one {# message} other {# messages}}',
  'export.failed': 'The export failed.',
  'export.zone': 'Times in the CSV',
  'export.zone.local': '{zone} (as on this page)',
  'export.zone.utc': 'UTC',
  'range.1h': 'Last hour',
  'range.24h': 'Last 24 hours',
  'range.7d': 'Last 7 days',
  'range.30d': 'Last 30 days',
  'range.notInstant': '"{text}" is not a date and time.',
  'range.endsBeforeStart': 'The range ends before it starts.',
  'range.incomplete': 'The range is incomplete.',
  'range.bothFields': 'Enter a date and time in both fields, such as {example}.',
  'range.mustEndAfter': 'The range must end after it starts.',
  'range.custom': 'Custom range',
  'range.from': 'From',
  'range.to': 'To',
  'range.show': 'Show range',
  'range.presets': 'Time range presets',
  'range.summary':
    '{duration} in {requests, plural, one {# request} other {# requests}} of at most one day · times in {zone}',
};
