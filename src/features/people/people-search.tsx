import { Alert, Anchor, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { peopleQuery } from '../../api/people.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { t } from '../../i18n/i18n.ts';
import { formatInstant } from '../../lib/history/format-time.ts';
import { paths } from '../../lib/paths.ts';

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
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label={t('people.listLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('people.column.person')}</Table.Th>
                <Table.Th>{t('people.column.tenant')}</Table.Th>
                <Table.Th>{t('people.column.origin')}</Table.Th>
                <Table.Th>{t('people.column.sets')}</Table.Th>
                <Table.Th>{t('people.column.lastSignIn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((person) => (
                <Table.Tr
                  key={person.id}
                  aria-current={person.id === selected ? 'true' : undefined}
                >
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={paths.people.href({ person: person.id, ...(channel ? { channel } : {}) })}
                      size="sm"
                      fw={person.id === selected ? 700 : 500}
                    >
                      {person.username}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {person.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{person.tenant}</Table.Td>
                  <Table.Td>{t(`people.origin.${person.origin}`)}</Table.Td>
                  <Table.Td>{person.permissionSets.join(', ') || t('common.none')}</Table.Td>
                  <Table.Td>
                    {person.lastSignIn === undefined
                      ? t('people.noSignInRecord')
                      : formatInstant(person.lastSignIn)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
