/** The Fleet page: the map, its list of nodes and the moment slider. */
export const fleet = {
  'fleet.hidden.group': 'Group {name}: {reason}.',
  'fleet.hidden.groupRefused': 'Group {name}: the cloud refused its history ({message})',
  'fleet.hidden.nodes': '{count, plural, one {# node} other {# nodes}}: {reason}.',
  'fleet.hidden.nodesRefused':
    '{count, plural, one {# node: the cloud refused its history} other {# nodes: the cloud refused their history}} ({message})',
  'fleet.hidden.withheld':
    '{count, plural, one {# node} other {# nodes}} of tenant {tenant}: {reason}.',
  'fleet.hidden.chosenGroup': 'chosen',
};
