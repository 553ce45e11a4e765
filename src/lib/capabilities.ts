import type { Operation } from '../../contract/userinfo.ts';
import { mayCreate, mayOnExisting, type PermissionMap, type Verdict } from './permissions.ts';

export interface Capability {
  action: string;
  verdict: Verdict;
}

/**
 * The console's actions in plain words, each with the permission it needs (docs/decisions.md,
 * "Permissions and reach").
 */
export function capabilitiesOf(permissions: PermissionMap): Capability[] {
  const existing = (objectType: string, operation: Operation) =>
    mayOnExisting(permissions, objectType, operation);
  return [
    { action: 'See nodes, sensors and gateways', verdict: existing('assets', 'READ') },
    { action: 'See groups and their members', verdict: existing('groups', 'READ') },
    {
      action: 'Read the history of nodes and sensors',
      verdict: existing('assets.history', 'READ'),
    },
    { action: 'Read the history of groups', verdict: existing('groups.history', 'READ') },
    {
      action: 'Edit properties and push of nodes and sensors',
      verdict: existing('assets', 'UPDATE'),
    },
    { action: 'Edit properties and push of groups', verdict: existing('groups', 'UPDATE') },
    { action: 'Create groups', verdict: mayCreate(permissions, 'groups', 'CREATE') },
    { action: 'Add and remove group members', verdict: existing('groups', 'UPDATE') },
    { action: 'Remove all members of a group', verdict: existing('groups', 'DELETE') },
    { action: 'Commission nodes', verdict: mayCreate(permissions, 'assets', 'COMMISSION') },
    { action: 'Decommission nodes', verdict: existing('assets', 'DELETE') },
  ];
}
