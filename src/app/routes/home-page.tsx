import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { userinfoQuery } from '../../api/userinfo.ts';
import { mayOnExisting, type PermissionMap } from '../../lib/permissions.ts';
import { paths } from '../../lib/paths.ts';
import { t } from '../../i18n/i18n.ts';

/**
 * Where a person starts: the fleet map when they may read any history (positions come from it);
 * otherwise the channels they reach, rather than a map page that can only say no (support).
 */
export function landingPath(permissions: PermissionMap): string {
  // No permission at all: the page that says why (its roles, what the operator must set).
  if (Object.keys(permissions).length === 0) return paths.permissions.href();
  const history =
    mayOnExisting(permissions, 'assets.history', 'READ').allowed ||
    mayOnExisting(permissions, 'groups.history', 'READ').allowed;
  return history ? paths.fleet.href() : paths.channels.href();
}

/** `/`: sends each person to the page that helps them first. */
export function Component() {
  const profile = useQuery(userinfoQuery());
  if (profile.data) return <Navigate to={landingPath(profile.data.permissions)} replace />;
  // Without the profile (the cloud away) the fleet page still explains what it can.
  if (profile.isError) return <Navigate to={paths.fleet.href()} replace />;
  return (
    <Center mih="50vh">
      <Loader aria-label={t('common.loadingPage')} />
    </Center>
  );
}
