import type { TestCloud } from './harness.ts';

export const PASSWORD_REALM = {
  grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
  realm: 'Username-Password-Authentication',
  audience: 'https://api.telemetry.local',
  client_id: 'cli',
  scope: 'openid profile email',
};

/** Section 5.1.2, exactly as a script sends it: JSON to {auth_url}/oauth/token. */
export function requestToken(
  cloud: TestCloud,
  fields: Record<string, unknown>,
  encoding: 'json' | 'form' = 'json',
) {
  const payload =
    encoding === 'json'
      ? JSON.stringify(fields)
      : new URLSearchParams(fields as Record<string, string>).toString();
  const contentType =
    encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
  return cloud.app.inject({
    method: 'POST',
    url: '/auth/oauth/token',
    headers: { 'content-type': contentType },
    payload,
  });
}

/** A bearer token for a demo user, from the password-realm grant. */
export async function tokenFor(cloud: TestCloud, username: string, password: string) {
  const answer = await requestToken(cloud, { ...PASSWORD_REALM, username, password });
  if (answer.statusCode !== 200) throw new Error(`no token for ${username}: ${answer.body}`);
  return (answer.json() as { access_token: string }).access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
