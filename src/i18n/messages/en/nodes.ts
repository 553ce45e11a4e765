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
  'nodes.decommission.confirmTitle': 'Decommission {name}?',
  'nodes.decommission.confirm': 'Decommission',
  'nodes.decommission.done': '{name} was decommissioned.',
  'nodes.decommission.consequences':
    'The node and its sensors leave every group and lose their owner. Their channels stay, inactive, with their history. The device must be commissioned again to send data.',
  'nodes.decommission.typeSerial': 'Type the serial “{word}” to confirm',
  'nodes.decommission.typeName': 'Type the name “{word}” to confirm',
  'nodes.decommission.open': 'Decommission…',
};
