/**
 * An access token from the cloud's own provider with a demo user's password (the password realm
 * grant the CLI uses): what every benchmark that calls the API as a person asks first.
 */
export async function bearerToken(
  url: string,
  username = 'admin',
  password = 'demo-admin',
): Promise<string> {
  const answer = await fetch(`${url}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      realm: 'Username-Password-Authentication',
      audience: 'https://api.telemetry.local',
      client_id: 'cli',
      username,
      password,
      scope: 'openid',
    }),
  });
  if (answer.status !== 200) {
    throw new Error(`no token for ${username}: the token endpoint answered ${answer.status}`);
  }
  return ((await answer.json()) as { access_token: string }).access_token;
}
