import type { ChannelNeed } from '../auth/access-decision.ts';

/**
 * What the routes the access explainer speaks for need of their channel, written once: the routes
 * resolve their channel with these and the explainer decides with them (routes/access.ts).
 */
export const needs = {
  read: { operation: 'READ', action: 'reading a channel' },
  history: { operation: 'READ', on: 'history', action: 'reading history' },
  setProperties: { operation: 'UPDATE', action: 'setting properties' },
  decommission: {
    param: 'nodeUuid',
    is: 'node',
    operation: 'DELETE',
    must: 'active',
    action: 'decommissioning a node',
  },
  emptyGroup: {
    param: 'groupUuid',
    is: 'group',
    operation: 'DELETE',
    action: 'removing all members',
  },
} as const satisfies Record<string, ChannelNeed>;
