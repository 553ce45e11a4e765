import { Alert, Code, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UserInfo } from '../../../contract/userinfo.ts';
import { t } from '../../i18n/i18n.ts';
import { tNodes } from '../../i18n/t-nodes.ts';

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
  const code = (chunks: ReactNode[]) => <Code>{chunks}</Code>;
  return (
    <Alert color="orange" title={t('roles.title')} role="status">
      {received.length === 0 ? (
        <Text size="sm">{tNodes('roles.noneSent', { claim, code })}</Text>
      ) : (
        <Text size="sm">
          {tNodes(unmapped.length > 0 ? 'roles.unmapped' : 'roles.unnamed', {
            roles: quoted(received),
            claim,
            code,
          })}{' '}
          {tNodes('roles.howToMap', {
            example: `AUTH_EXTERNAL_ROLE_MAP='${example ?? ''}=demo-fleet'`,
            code,
          })}
        </Text>
      )}
    </Alert>
  );
}
