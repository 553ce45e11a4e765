import type { nodes as en } from '../en/nodes.ts';

export const nodes: Record<keyof typeof en, string> = {
  'nodes.title': 'Nodes',
  'nodes.description':
    'Neem een apparaat in gebruik zodat zijn gegevens de cloud bereiken; neem het uit gebruik als het de dienst verlaat.',
  'nodes.commissionTitle': 'Node in gebruik nemen',
  'nodes.yourNodes': 'Jouw nodes',
  'nodes.decommission.title': 'Uit gebruik nemen',
  'nodes.decommission.explain':
    'Maak deze node en zijn sensoren los van elke groep en wis de eigenaar.',
  'nodes.decommission.open': 'Uit gebruik nemen…',
};
