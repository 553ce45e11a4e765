import type { fleet as en } from '../en/fleet.ts';

export const fleet: Record<keyof typeof en, string> = {
  'fleet.hidden.group': 'Groep {name}: {reason}.',
  'fleet.hidden.groupRefused': 'Groep {name}: de cloud weigerde de geschiedenis ({message})',
  'fleet.hidden.nodes': '{count, plural, one {# node} other {# nodes}}: {reason}.',
  'fleet.hidden.nodesRefused':
    '{count, plural, one {# node: de cloud weigerde de geschiedenis} other {# nodes: de cloud weigerde de geschiedenis}} ({message})',
  'fleet.hidden.withheld':
    '{count, plural, one {# node} other {# nodes}} van tenant {tenant}: {reason}.',
  'fleet.hidden.chosenGroup': 'gekozen',
};
