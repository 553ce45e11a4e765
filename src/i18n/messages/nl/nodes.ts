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
  'nodes.decommission.confirmTitle': '{name} uit gebruik nemen?',
  'nodes.decommission.confirm': 'Uit gebruik nemen',
  'nodes.decommission.done': '{name} is uit gebruik genomen.',
  'nodes.decommission.consequences':
    'De node en zijn sensoren verlaten elke groep en verliezen hun eigenaar. Hun kanalen blijven bestaan, inactief, met hun geschiedenis. Het apparaat moet opnieuw in gebruik worden genomen om gegevens te sturen.',
  'nodes.decommission.typeSerial': 'Typ het serienummer “{word}” om te bevestigen',
  'nodes.decommission.typeName': 'Typ de naam “{word}” om te bevestigen',
  'nodes.decommission.open': 'Uit gebruik nemen…',
};
