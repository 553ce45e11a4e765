import { Alert, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { extensionsQuery } from '../../api/extensions.ts';
import { personQuery } from '../../api/people.ts';
import { queryClientContext } from '../../api/query-client.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TimesIn } from '../../components/times-in.tsx';
import { t } from '../../i18n/i18n.ts';
import { tenantsWith } from '../../lib/permissions.ts';
import { paths } from '../../lib/paths.ts';
import { CheckAccess } from '../../features/people/check-access.tsx';
import { PeopleSearch } from '../../features/people/people-search.tsx';
import { PersonProfile } from '../../features/people/person-profile.tsx';
import { PermissionMatrix } from '../../features/permissions/permission-matrix.tsx';
import { useNavigate } from 'react-router';

export function loader({ context }: LoaderFunctionArgs) {
  const client = context.get(queryClientContext);
  void client.prefetchQuery(extensionsQuery());
  void client.prefetchQuery(userinfoQuery());
  return null;
}

function Person({
  id,
  channel,
  explainer,
  audit,
  lookup,
}: {
  id: string;
  channel: string | undefined;
  explainer: boolean;
  audit: boolean;
  lookup: boolean;
}) {
  const navigate = useNavigate();
  const { data: profile, error, isPending, refetch } = useQuery(personQuery(id));
  if (isPending) return <Skeleton h={240} />;
  if (!profile) return <ApiErrorAlert error={error} onRetry={() => void refetch()} />;
  return (
    <Stack gap="md">
      <CheckAccess
        userId={profile.id}
        username={profile.username}
        channelUuid={channel}
        onChannel={(uuid) =>
          void navigate(paths.people.href({ person: id, ...(uuid ? { channel: uuid } : {}) }))
        }
        offered={explainer}
        auditOffered={audit}
        lookupOffered={lookup}
      />
      <PersonProfile profile={profile} />
      <Paper withBorder p="md" component="section" aria-labelledby="person-matrix-title">
        <Title order={2} size="h4" mb="sm" id="person-matrix-title">
          {t('permissions.matrix')}
        </Title>
        <PermissionMatrix permissions={profile.permissions} />
      </Paper>
    </Stack>
  );
}

/** /people — support looks a person up, reads what they may do, and checks why on a channel. */
export function Component() {
  const [params] = useSearchParams();
  const person = params.get('person') ?? undefined;
  const channel = params.get('channel') ?? undefined;
  const { data: extensions } = useQuery(extensionsQuery());
  const { data: me } = useQuery(userinfoQuery());
  const header = <PageHeader title={t('people.title')} description={t('people.description')} />;
  if (!extensions || !me) {
    return (
      <>
        {header}
        <Skeleton h={200} />
      </>
    );
  }
  // Said plainly rather than hidden: a link or a bookmark can still bring someone here.
  if (!extensions.people) {
    return (
      <>
        {header}
        <Alert color="yellow">{t('people.notOffered')}</Alert>
      </>
    );
  }
  if (tenantsWith(me.permissions, 'users', 'READ').length === 0) {
    return (
      <>
        {header}
        <Alert color="yellow">{t('people.notAllowed')}</Alert>
      </>
    );
  }
  return (
    <Stack gap="md" maw={1200}>
      {header}
      {channel !== undefined && person === undefined && (
        <Alert color="blue">{t('people.choosePersonForChannel')}</Alert>
      )}
      <PeopleSearch selected={person} channel={channel} />
      {person !== undefined && (
        <Person
          key={person}
          id={person}
          channel={channel}
          explainer={extensions.accessExplainer}
          audit={extensions.audit}
          lookup={extensions.channelLookup}
        />
      )}
      {/* Last sign-ins and changes have no zone of their own: named once, here (issue 22). */}
      <TimesIn />
    </Stack>
  );
}
