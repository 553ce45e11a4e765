import { List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClientContext } from '../../api/query-client.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { Copyable } from '../../components/copyable.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { capabilitiesOf, type Capability } from '../../lib/capabilities.ts';
import { tenantsOf } from '../../lib/permissions.ts';
import { t } from '../../i18n/i18n.ts';
import { PermissionMatrix } from '../../features/permissions/permission-matrix.tsx';
import { RolesNotice } from '../../features/permissions/roles-notice.tsx';

export function loader({ context }: LoaderFunctionArgs) {
  void context.get(queryClientContext).prefetchQuery(userinfoQuery());
  return null;
}

/** "Yes", "No" or, where tenants differ, in which tenants: never a "Yes" that is half true. */
function CapabilityLine({ capability }: { capability: Capability }) {
  const { action, verdict, tenants, needs } = capability;
  const allowedIn = tenants.filter((t) => t.allowed).map((t) => t.tenant);
  const partly = !verdict.allowed && allowedIn.length > 0;
  const [mark, color] = verdict.allowed
    ? [t('permissions.yes'), 'var(--mantine-color-green-text)']
    : partly
      ? [
          t('permissions.onlyIn', { tenants: allowedIn.join(', ') }),
          'var(--mantine-color-orange-light-color)',
        ]
      : [t('permissions.no'), 'var(--mantine-color-red-text)'];
  return (
    <>
      <Text span size="sm" fw={600} c={color} mr={6}>
        {mark}
      </Text>
      {action}
      {needs && (
        <Text span c="dimmed" size="sm" title={verdict.allowed ? undefined : verdict.technical}>
          {' '}
          {t(partly ? 'permissions.elsewhere' : 'permissions.refused', { needs })}
        </Text>
      )}
    </>
  );
}

export function Component() {
  const { data: profile, isPending, error, refetch } = useQuery(userinfoQuery());
  if (isPending) return <Skeleton height={240} />;
  if (profile === undefined)
    return (
      <ApiErrorAlert
        error={error}
        title={t('permissions.profileNotLoaded')}
        onRetry={() => void refetch()}
      />
    );
  const capabilities = capabilitiesOf(profile.permissions);
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={t('permissions.title')} description={t('permissions.description')} />
      <RolesNotice profile={profile} />
      <Paper withBorder p="md" component="section" aria-labelledby="profile-title">
        <Title order={2} size="h4" mb="sm" id="profile-title">
          {t('permissions.profile')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
          {[
            [t('permissions.name'), profile.name],
            [t('permissions.username'), profile.username],
            [t('permissions.email'), profile.email],
            [
              t('permissions.tenants'),
              tenantsOf(profile.permissions).join(', ') || t('common.none'),
            ],
          ].map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text component="dd" m={0} size="sm">
                {value}
              </Text>
            </div>
          ))}
          <div>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('permissions.subject')}
            </Text>
            <Text component="dd" m={0} size="sm">
              <Copyable value={profile.sub} label={t('permissions.subjectCopy')} />
            </Text>
          </div>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="matrix-title">
        <Title order={2} size="h4" mb="sm" id="matrix-title">
          {t('permissions.matrix')}
        </Title>
        <PermissionMatrix permissions={profile.permissions} />
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="can-title">
        <Title order={2} size="h4" mb="sm" id="can-title">
          {t('permissions.youCan')}
        </Title>
        <List spacing={6} size="sm" listStyleType="none" p={0}>
          {capabilities.map((capability) => (
            <List.Item key={capability.action}>
              <CapabilityLine capability={capability} />
            </List.Item>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}
