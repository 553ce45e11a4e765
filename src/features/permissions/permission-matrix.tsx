import { Table, Text, Title } from '@mantine/core';
import { objectTypes, operations } from '../../../contract/userinfo.ts';
import { grantsOf, holds, tenantsOf, type PermissionMap } from '../../lib/permissions.ts';

/** Tenant × object type × operation, as the cloud's profile says it. */
export function PermissionMatrix({ permissions }: { permissions: PermissionMap }) {
  const tenants = tenantsOf(permissions);
  if (tenants.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        You hold no permission in any tenant.
      </Text>
    );
  }
  const seen = new Set(grantsOf(permissions).map((grant) => grant.objectType));
  const types = [
    ...objectTypes,
    ...[...seen].filter((t) => !(objectTypes as readonly string[]).includes(t)).sort(),
  ];
  return (
    <>
      {tenants.map((tenant) => (
        <section key={tenant} aria-labelledby={`tenant-${tenant}`} style={{ marginBottom: 16 }}>
          <Title order={3} size="h5" mb="xs" id={`tenant-${tenant}`}>
            Tenant {tenant}
          </Title>
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder withColumnBorders aria-label={`Permissions in tenant ${tenant}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Object type</Table.Th>
                  {operations.map((operation) => (
                    <Table.Th scope="col" key={operation} ta="center">
                      {operation}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.map((type) => (
                  <Table.Tr key={type}>
                    <Table.Th scope="row" fw={500}>
                      {type}
                    </Table.Th>
                    {operations.map((operation) => {
                      const granted = holds(permissions, tenant, type, operation);
                      return (
                        <Table.Td key={operation} ta="center">
                          <Text
                            span
                            size="sm"
                            fw={granted ? 700 : 400}
                            c={granted ? 'var(--mantine-color-green-text)' : 'dimmed'}
                            aria-label={granted ? 'granted' : 'not granted'}
                          >
                            {granted ? '✓' : '–'}
                          </Text>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>
      ))}
    </>
  );
}
