/** The Nodes page: commissioning and the list of nodes. */
export const nodes = {
  'nodes.title': 'Nodes',
  'nodes.description':
    'Commission a device so its data reaches the cloud; decommission it when it leaves service.',
  'nodes.commissionTitle': 'Commission a node',
  'nodes.yourNodes': 'Your nodes',
  'nodes.decommission.title': 'Decommission',
  'nodes.decommission.explain':
    'Detach this node and its sensors from every group and clear its owner.',
  'nodes.decommission.open': 'Decommission…',
};
