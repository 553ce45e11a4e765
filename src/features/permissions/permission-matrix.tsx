import { Text, Title } from '@mantine/core';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { objectTypes, operations } from '../../../contract/userinfo.ts';
import { t } from '../../i18n/i18n.ts';
import { grantsOf, holds, tenantsOf, type PermissionMap } from '../../lib/permissions.ts';
import { PermissionName, permissionWords } from './permission-name.tsx';

const typeKey = (type: string) => type;

/**
 * An object type per row, an operation per column; on a phone a card per object type with
 * every operation on it (data-table/phone-cards.tsx), never a matrix scrolled sideways.
 */
function matrixColumns(permissions: PermissionMap, tenant: string): DataColumn<string>[] {
  return [
    {
      header: t('permissions.objectType'),
      track: 'minmax(150px, 1.5fr)',
      minWidth: 150,
      wrap: true,
      phone: 'title',
      cell: (type) => (
        <Text size="sm" fw={500} span>
          <PermissionName kind="objectType" name={type} />
        </Text>
      ),
    },
    ...operations.map((operation): DataColumn<string> => ({
      header: permissionWords('operation', operation),
      headerContent: <PermissionName kind="operation" name={operation} />,
      track: 'minmax(96px, 1fr)',
      minWidth: 96,
      phone: 'main',
      cell: (type) => {
        const granted = holds(permissions, tenant, type, operation);
        return (
          <Text
            span
            size="sm"
            fw={granted ? 700 : 400}
            c={granted ? 'var(--mantine-color-green-text)' : 'dimmed'}
            aria-label={t(granted ? 'permissions.granted' : 'permissions.notGranted')}
          >
            {granted ? '✓' : '–'}
          </Text>
        );
      },
    })),
  ];
}

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
          <DataTable
            rows={types}
            columns={matrixColumns(permissions, tenant)}
            label={t('permissions.tenantTable', { tenant })}
            rowKey={typeKey}
            rowHeight={36}
            focusable
          />
        </section>
      ))}
    </>
  );
}
