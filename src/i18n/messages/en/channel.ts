/** A channel's page: its properties and its push settings. */
export const channel = {
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
