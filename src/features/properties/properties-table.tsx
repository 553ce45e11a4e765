import { Code, Table, Text } from '@mantine/core';
import type { Properties } from '../../../contract/channel.ts';
import { displayValue } from '../../lib/properties.ts';
import { t } from '../../i18n/i18n.ts';

export function PropertiesTable({ properties }: { properties: Properties | undefined }) {
  const entries = Object.entries(properties ?? {});
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('properties.none')}
      </Text>
    );
  }
  return (
    // Two columns whose text wraps anywhere: as wide as the page, on a phone too (issue 33).
    <Table striped withTableBorder aria-label={t('properties.table')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('properties.key')}</Table.Th>
          <Table.Th scope="col">{t('properties.value')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th scope="row" fw={500} style={{ overflowWrap: 'break-word' }}>
              {key}
            </Table.Th>
            <Table.Td>
              {typeof value === 'string' ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
              ) : (
                <Code style={{ overflowWrap: 'anywhere' }}>{displayValue(value)}</Code>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
