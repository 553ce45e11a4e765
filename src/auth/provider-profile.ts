/**
 * The person's name, email and picture as the identity provider knows them: from the ID token's
 * claims and, where the provider has one, its userinfo endpoint (OpenID Connect Core 5.3), which
 * often holds what the access token lacks (issue 21). Shown by the console and sent to the cloud
 * once after sign-in to name the account; never used for permissions, which come from the access
 * token alone. Kept in localStorage so every tab shows the same name and picture.
 */
export interface ProviderProfile {
  name?: string;
  email?: string;
  picture?: string;
}

const KEY = 'telemetry-console:profile';
const USERINFO_TIMEOUT_MS = 5_000;

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;

/** The three claims, where present and usable; a picture only over https. */
function profileFromClaims(claims: Record<string, unknown>): ProviderProfile {
  const name = text(claims.name, 200);
  const email = text(claims.email, 254);
  const picture = text(claims.picture, 2000);
  return {
    ...(name ? { name } : {}),
    ...(email && /^[^\s@]+@[^\s@]+$/.test(email) ? { email } : {}),
    ...(picture && picture.startsWith('https://') ? { picture } : {}),
  };
}

/**
 * The ID token's claims, completed by the userinfo endpoint. Its answer counts only for the same
 * `sub` (OpenID Connect Core 5.3.4); a provider whose userinfo refuses the API's access token
 * (Entra ID's is Microsoft Graph's) leaves the ID token's claims.
 */
export async function readProviderProfile(
  idClaims: Record<string, unknown>,
  accessToken: string,
  userinfoEndpoint: string | undefined,
  fetcher: typeof fetch = fetch,
): Promise<ProviderProfile> {
  const fromIdToken = profileFromClaims(idClaims);
  if (!userinfoEndpoint) return fromIdToken;
  try {
    const response = await fetcher(userinfoEndpoint, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      credentials: 'omit',
      signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
    });
    if (!response.ok) return fromIdToken;
    const claims = (await response.json()) as unknown;
    if (typeof claims !== 'object' || claims === null) return fromIdToken;
    const answer = claims as Record<string, unknown>;
    if (answer.sub !== idClaims.sub) return fromIdToken;
    return { ...fromIdToken, ...profileFromClaims(answer) };
  } catch {
    return fromIdToken;
  }
}

export function saveProviderProfile(profile: ProviderProfile): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(profile));
  } catch {
    // Storage full or disabled: the cloud's name is shown instead.
  }
}

export function storedProviderProfile(): ProviderProfile {
  try {
    const text = window.localStorage.getItem(KEY);
    const parsed = text === null ? null : (JSON.parse(text) as unknown);
    return typeof parsed === 'object' && parsed !== null
      ? profileFromClaims(parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function clearProviderProfile(): void {
  window.localStorage.removeItem(KEY);
}
