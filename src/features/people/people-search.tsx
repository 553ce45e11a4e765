import { Alert, Anchor, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import type { PersonSummary } from '../../../contract/people.ts';
import { peopleQuery } from '../../api/people.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { t } from '../../i18n/i18n.ts';
import { formatInstant } from '../../lib/history/format-time.ts';
import { paths } from '../../lib/paths.ts';

type Person = PersonSummary;
const personKey = (person: Person) => person.id;

/** Built when the list renders (its language); on a phone each person is a card. */
function peopleColumns(selected: string | undefined, channel: string | undefined) {
  const columns: DataColumn<Person>[] = [
    {
      header: t('people.column.person'),
      track: 'minmax(150px, 1.5fr)',
      minWidth: 150,
      wrap: true,
      phone: 'title',
      cell: (person) => (
        <>
          <Anchor
            component={Link}
            to={paths.people.href({ person: person.id, ...(channel ? { channel } : {}) })}
            size="sm"
            fw={person.id === selected ? 700 : 500}
            aria-current={person.id === selected ? 'true' : undefined}
          >
            {person.username}
          </Anchor>{' '}
          <Text size="xs" c="dimmed" span>
            {person.name}
          </Text>
        </>
      ),
    },
    {
      header: t('people.column.tenant'),
      track: 'minmax(90px, 1fr)',
      minWidth: 90,
      phone: 'main',
      cell: (person) => person.tenant,
    },
    {
      header: t('people.column.origin'),
      track: 'minmax(110px, 1fr)',
      minWidth: 110,
      wrap: true,
      phone: 'more',
      cell: (person) => t(`people.origin.${person.origin}`),
    },
    {
      header: t('people.column.sets'),
      track: 'minmax(140px, 1.5fr)',
      minWidth: 140,
      wrap: true,
      phone: 'main',
      cell: (person) => person.permissionSets.join(', ') || t('common.none'),
    },
    {
      header: t('people.column.lastSignIn'),
      track: '200px',
      minWidth: 200,
      wrap: true,
      phone: 'main',
      cell: (person) =>
        person.lastSignIn === undefined
          ? t('people.noSignInRecord')
          : formatInstant(person.lastSignIn),
    },
  ];
  return columns;
}

/** Search the people of the tenants the caller may look up; each row opens that person. */
export function PeopleSearch({
  selected,
  channel,
}: {
  selected: string | undefined;
  /** A channel being checked: kept when another person is chosen. */
  channel: string | undefined;
}) {
  const [filter, setFilter] = useState('');
  // Typing stays quick; the list follows what was typed once React has time.
  const asked = useDeferredValue(filter.trim());
  // The list stays while the next search is asked, instead of flashing empty at each key.
  const { data, error, isPending } = useQuery({
    ...peopleQuery(asked),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="sm">
      <TextInput
        label={t('people.search')}
        description={t('people.searchHint')}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        maxLength={100}
        type="search"
      />
      {error && <ApiErrorAlert error={error} />}
      {isPending && <Skeleton h={120} />}
      {data?.length === 0 && <Alert color="gray">{t('people.noneFound', { filter: asked })}</Alert>}
      {data && data.length > 0 && (
        <DataTable
          rows={data}
          columns={peopleColumns(selected, channel)}
          label={t('people.listLabel')}
          rowKey={personKey}
          rowHeight={52}
        />
      )}
    </Stack>
  );
}
