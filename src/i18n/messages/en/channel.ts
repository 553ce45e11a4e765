/** A channel's page: its properties and its push settings. */
export const channel = {
  'channel.loading': 'Loading channel',
  'channel.notLoaded': 'This channel could not be loaded',
  'channel.notRefreshed': 'This channel could not be refreshed',
  'daily.title': 'Daily summary of {name}',
  'daily.settings': 'Settings',
  'daily.summary': 'Daily summary',
  'daily.history': 'History',
  'properties.none': 'This channel has no properties.',
  'properties.table': 'Properties',
  'properties.key': 'Key',
  'properties.value': 'Value',
  'push.verify.intro':
    'Deliveries are signed as the Standard Webhooks specification says. Verify the raw body before trusting it:',
  'push.verify.kind': 'Kind of secret',
  'push.verify.whsec': 'whsec_ secret',
  'push.verify.other': 'Other secret',
};
