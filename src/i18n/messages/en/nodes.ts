/** The Nodes page: commissioning and the list of nodes. */
export const nodes = {
  'nodes.title': 'Nodes',
  'nodes.description':
    'Commission a device so its data reaches the cloud; decommission it when it leaves service.',
  'nodes.commissionTitle': 'Commission a node',
  'nodes.yourNodes': 'Your nodes',
};
