import { Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AuditEntry } from '../../contract/audit.ts';
import { DataTable, type DataColumn } from './data-table/data-table.tsx';
import { t } from '../i18n/i18n.ts';
import { describeEntry, differenceOf } from '../lib/audit/describe-entry.ts';
import { formatInstant } from '../lib/history/format-time.ts';
import { paths } from '../lib/paths.ts';

/** Before → after as the fields that changed, one line each. */
function Difference({ entry }: { entry: AuditEntry }) {
  const changes = differenceOf(entry.before, entry.after);
  if (changes.length === 0) return null;
  return (
    <List size="xs" listStyleType="none" p={0} aria-label={t('audit.difference')}>
      {changes.map((change) => (
        <List.Item key={change.field}>
          {change.field !== '' && (
            <Text span size="xs" ff="monospace">
              {change.field}:{' '}
            </Text>
          )}
          {/* The text's own colour: red and green failed contrast on a table row (axe); the line
              through and the weight say which is which. */}
          <Text span size="xs" td="line-through">
            {change.before || t('audit.absent')}
          </Text>
          {' → '}
          <Text span size="xs" fw={700}>
            {change.after || t('audit.absent')}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * Audit entries, newest first: when, who (and from where), what, and the difference. `actions`
 * adds a control per entry (a link to check access for its channel).
 */
export function AuditEntries({
  entries,
  label,
  actions,
}: {
  entries: readonly AuditEntry[];
  label: string;
  actions?: (entry: AuditEntry) => ReactNode;
}) {
  const columns = useMemo(() => auditColumns(actions), [actions]);
  return <DataTable rows={entries} columns={columns} label={label} rowKey={idOf} />;
}

const idOf = (entry: AuditEntry) => entry.id;

/**
 * When (and through what), what was done (with its channel and `actions`), and the difference;
 * on a phone a card of the three, the time on top (data-table/phone-cards.tsx).
 */
function auditColumns(actions: ((entry: AuditEntry) => ReactNode) | undefined) {
  const columns: DataColumn<AuditEntry>[] = [
    {
      header: t('audit.column.when'),
      track: '210px',
      minWidth: 210,
      wrap: true,
      phone: 'title',
      cell: (entry) => (
        <>
          <Text size="sm" span fw="inherit" className="tc-nowrap">
            {formatInstant(entry.at)}
          </Text>{' '}
          <Badge size="xs" variant="light" color="gray">
            {t(`audit.origin.${entry.origin}`)}
          </Badge>
        </>
      ),
    },
    {
      header: t('audit.column.what'),
      track: 'minmax(240px, 2fr)',
      minWidth: 240,
      wrap: true,
      phone: 'main',
      cell: (entry) => (
        <Stack gap={2} py={4}>
          <Text size="sm">{describeEntry(entry)}</Text>
          <Group gap="xs">
            {entry.channel && (
              <Anchor component={Link} to={paths.channel.href(entry.channel.uuid)} size="xs">
                {t('audit.openChannel', { channel: entry.channel.name })}
              </Anchor>
            )}
            {/* A membership names two channels: each has its link (issue 34). */}
            {entry.member && (
              <Anchor component={Link} to={paths.channel.href(entry.member.uuid)} size="xs">
                {t('audit.openChannel', { channel: entry.member.name })}
              </Anchor>
            )}
            {actions?.(entry)}
          </Group>
          {entry.result !== 'OK' && (
            <Text size="xs" c="dimmed">
              {entry.result}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: t('audit.column.change'),
      track: 'minmax(200px, 1fr)',
      minWidth: 200,
      wrap: true,
      phone: 'main',
      cell: (entry) => <Difference entry={entry} />,
    },
  ];
  return columns;
}
