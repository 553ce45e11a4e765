import { Text } from '@mantine/core';
import { isMessageId, t } from '../../i18n/i18n.ts';

type PermissionKind = 'operation' | 'objectType';

/** The words alone, where only text fits (a column's name for screen readers and sorting). */
export function permissionWords(kind: PermissionKind, name: string): string {
  const id = `permissions.${kind}.${name}`;
  return isMessageId(id) ? t(id) : name;
}

/**
 * A permission's operation or object type in words ("Read", "History of groups"), its technical
 * name (READ, groups.history) beneath, smaller and muted, for whoever sets up the cloud. A name
 * the console does not know (a cloud's own object type) is shown as it is.
 */
export function PermissionName({ kind, name }: { kind: PermissionKind; name: string }) {
  const words = permissionWords(kind, name);
  if (words === name) return <>{name}</>;
  return (
    <>
      <span>{words}</span>
      <Text component="span" display="block" size="xs" c="dimmed" ff="monospace" fw={400}>
        {name}
      </Text>
    </>
  );
}
