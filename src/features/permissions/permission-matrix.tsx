import { Table, Text, Title } from '@mantine/core';
import { objectTypes, operations } from '../../../contract/userinfo.ts';
import { t } from '../../i18n/i18n.ts';
import { grantsOf, holds, tenantsOf, type PermissionMap } from '../../lib/permissions.ts';
import { PermissionName } from './permission-name.tsx';

/** Tenant × object type × operation, as the cloud's profile says it. */
export function PermissionMatrix({ permissions }: { permissions: PermissionMap }) {
  const tenants = tenantsOf(permissions);
  if (tenants.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('permissions.noPermission')}
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
            {t('permissions.tenant', { tenant })}
          </Title>
          {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
          <Table.ScrollContainer
            minWidth={640}
            scrollAreaProps={{
              viewportProps: {
                tabIndex: 0,
                'aria-label': t('permissions.tenantTable', { tenant }),
              },
            }}
          >
            <Table
              withTableBorder
              withColumnBorders
              aria-label={t('permissions.tenantTable', { tenant })}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('permissions.objectType')}</Table.Th>
                  {operations.map((operation) => (
                    <Table.Th scope="col" key={operation} ta="center">
                      <PermissionName kind="operation" name={operation} />
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.map((type) => (
                  <Table.Tr key={type}>
                    <Table.Th scope="row" fw={500}>
                      <PermissionName kind="objectType" name={type} />
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
                            aria-label={t(
                              granted ? 'permissions.granted' : 'permissions.notGranted',
                            )}
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
