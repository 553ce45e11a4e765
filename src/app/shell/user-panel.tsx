import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useHistoryEngine } from '../../api/history-engine/engine-context.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { useAuthenticator } from '../../auth/auth-context.ts';
import { clearAllDrafts } from '../../auth/drafts.ts';
import { storedProviderProfile } from '../../auth/provider-profile.ts';
import { tenantsOf } from '../../lib/permissions.ts';
import { paths } from '../../lib/paths.ts';
import { t } from '../../i18n/i18n.ts';

/** Who is signed in, in which tenants, and the way out: always in view, no menu to open. */
export function UserPanel({ username }: { username: string }) {
  const authenticator = useAuthenticator();
  const queryClient = useQueryClient();
  const historyEngine = useHistoryEngine();
  const navigate = useNavigate();
  const { data: profile } = useQuery(userinfoQuery());
  const tenants = profile ? tenantsOf(profile.permissions) : [];
  // One name everywhere: the cloud's (named from the provider's profile after sign-in), else
  // the provider's own, else the login name (issue 21).
  const [fromProvider] = useState(storedProviderProfile);
  const displayName = profile?.name ?? fromProvider.name ?? username;

  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    clearAllDrafts();
    // With OIDC this page is left for the provider's sign-out and comes back at `/`.
    await authenticator.signOut();
    queryClient.clear();
    // The days of history the engine keeps are the signed-out person's, too.
    historyEngine.reset();
    await navigate(paths.signIn.href(), { replace: true });
  };

  return (
    <Stack gap="xs" aria-label={t('user.panel')} component="section">
      <Group gap="xs" wrap="nowrap" miw={0}>
        {fromProvider.picture && (
          <Avatar
            src={fromProvider.picture}
            alt=""
            size="sm"
            imageProps={{ referrerPolicy: 'no-referrer' }}
          />
        )}
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate>
            {displayName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {profile
              ? t('user.tenants', {
                  username: profile.username,
                  count: tenants.length,
                  tenants: tenants.join(', '),
                })
              : username}
          </Text>
        </Stack>
      </Group>
      <Button variant="default" size="xs" loading={signingOut} onClick={() => void signOut()}>
        {t('user.signOut')}
      </Button>
    </Stack>
  );
}
