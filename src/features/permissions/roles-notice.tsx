import { Alert, Code, Text } from '@mantine/core';
import type { UserInfo } from '../../../contract/userinfo.ts';

const quoted = (roles: readonly string[]) => roles.map((role) => `“${role}”`).join(', ');

/**
 * Why a person of an outside identity provider holds no permission, and what whoever runs the
 * cloud must set (issue 21): the cloud says which roles the token carried and which map to nothing.
 * Shown only when the profile holds no permission at all.
 */
export function RolesNotice({ profile }: { profile: UserInfo }) {
  const { roles } = profile;
  if (!roles || Object.keys(profile.permissions).length > 0) return null;
  const { claim, received, unmapped } = roles;
  const example = unmapped[0] ?? received[0];
  return (
    <Alert color="orange" title="Your roles give you no permission here" role="status">
      {received.length === 0 ? (
        <Text size="sm">
          Your sign-in service sent no roles in the claim <Code>{claim}</Code>. Whoever runs the
          cloud must set AUTH_EXTERNAL_ROLES_CLAIM to the claim that carries your roles, or the
          sign-in service must put them in <Code>{claim}</Code>.
        </Text>
      ) : (
        <Text size="sm">
          Your sign-in service sent the roles {quoted(received)} (claim <Code>{claim}</Code>),
          {unmapped.length > 0
            ? ' and none of them is mapped to a permission set of the cloud.'
            : ' and none of them names a permission set of the cloud.'}{' '}
          Whoever runs the cloud must map them in AUTH_EXTERNAL_ROLE_MAP, for example{' '}
          <Code>AUTH_EXTERNAL_ROLE_MAP=&apos;{example}=demo-fleet&apos;</Code> (npm run
          permission-sets lists the sets). You will hold them from your next sign-in.
        </Text>
      )}
    </Alert>
  );
}
