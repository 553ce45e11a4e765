/** Pieces many pages share: the cloud's refusals, confirm dialogs, tables and the temperature chart. */
export const ui = {
  'apiError.unexpected.title': 'Something went wrong',
  'apiError.unexpected.detail': 'The console ran into a problem it did not expect.',
  'apiError.waiting.title': 'The cloud is having trouble',
  'apiError.waiting.change': '{words} This did not happen; what you entered is kept here.',
  'apiError.waiting.read': '{words} This page asks again by itself.',
  'apiError.outage.title': 'The cloud cannot be reached',
  'apiError.outage.change':
    'The cloud could not be reached, so this did not happen. What you entered is kept here: try again once the cloud is back.',
  'apiError.outage.read':
    'The cloud could not be reached. This page asks again by itself once it answers.',
  'apiError.forbidden': 'Refused by the cloud',
  'apiError.notFound': 'Not found',
  'apiError.blocked': 'The browser refused the connection',
  'apiError.tooMany': 'Too many attempts',
  'apiError.conflict': 'This conflicts with what the cloud has',
  'apiError.badRequest': 'The cloud did not accept this',
  'apiError.invalid.title': 'The cloud’s answer could not be read',
  'apiError.invalid.detail':
    'It does not follow the Telemetry Cloud interface. Whoever runs the cloud can tell why from the details.',
  'apiError.other': 'The cloud could not do this',
  'apiError.noAnswer': 'no answer',
  'table.sortBy': 'Sort by {column}',
  'chart.sensors': 'Sensors',
  'chart.noTime': 'No time chosen',
  'chart.cursorLabel': 'Time cursor on the temperature chart',
  'chart.bandSpoken': '{band}: lowest, median, highest {values}, {out, number} out of range',
  'chart.bandOut': '{out, number} of {members, number} out of range',
  'chart.readingAt': 'at {time}',
  'chart.limits': 'Limits',
  'chart.limitsShaded': 'Limits; excursions shaded',
};
