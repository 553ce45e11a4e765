import { Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { PersonProfile as Profile } from '../../../contract/people.ts';
import { Copyable } from '../../components/copyable.tsx';
import { t } from '../../i18n/i18n.ts';
import { formatInstant } from '../../lib/history/format-time.ts';
import { paths } from '../../lib/paths.ts';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Who the person is and the permission sets (roles) they hold, with what each grants and reaches. */
export function PersonProfile({ profile }: { profile: Profile }) {
  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-labelledby="person-title">
        <Title order={2} size="h4" mb="sm" id="person-title">
          {t('people.profileOf', { username: profile.username })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
          <Field label={t('permissions.name')}>{profile.name}</Field>
          <Field label={t('permissions.username')}>{profile.username}</Field>
          <Field label={t('permissions.email')}>{profile.email}</Field>
          <Field label={t('people.column.tenant')}>{profile.tenant}</Field>
          <Field label={t('people.column.origin')}>{t(`people.origin.${profile.origin}`)}</Field>
          <Field label={t('people.column.lastSignIn')}>
            {profile.lastSignIn === undefined
              ? t('people.noSignInRecord')
              : formatInstant(profile.lastSignIn)}
          </Field>
          <Field label={t('permissions.subject')}>
            <Copyable value={profile.sub} label={t('permissions.subjectCopy')} />
          </Field>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="sets-title">
        <Title order={2} size="h4" mb="sm" id="sets-title">
          {t('people.sets')}
        </Title>
        {profile.permissionSets.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('people.noSets', { username: profile.username })}
          </Text>
        ) : (
          <Stack gap="sm">
            {profile.permissionSets.map((set) => (
              <section key={set.name} aria-label={t('people.setLabel', { set: set.name })}>
                <Text fw={600} size="sm">
                  {set.name}
                </Text>
                {set.description && (
                  <Text size="sm" c="dimmed">
                    {set.description}
                  </Text>
                )}
                <Text size="sm">
                  {t('people.setGrants', {
                    grants:
                      set.grants
                        .map((g) =>
                          t('people.permission', {
                            operation: g.operation,
                            objectType: g.objectType,
                            tenant: g.tenant,
                          }),
                        )
                        .join('; ') || t('common.none'),
                  })}
                </Text>
                {set.groups.length > 0 && (
                  <List size="sm" listStyleType="none" p={0}>
                    <List.Item>
                      {t('people.setGroups')}{' '}
                      {set.groups.map((group, index) => (
                        <span key={group.uuid}>
                          {index > 0 && ', '}
                          <Anchor component={Link} to={paths.channel.href(group.uuid)} size="sm">
                            {group.name}
                          </Anchor>
                        </span>
                      ))}
                    </List.Item>
                  </List>
                )}
              </section>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
