import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionMap } from '../lib/permissions.ts';
import { apiRequest } from './client.ts';

export const userinfoKeys = { all: ['userinfo'] as const };

export function fetchUserinfo(signal?: AbortSignal, authorization?: string) {
  return apiRequest('/v1/userinfo', { schema: (s) => s.UserInfo, signal, authorization });
}

/** Extension: names the caller's account with what the identity provider says (issue 21). */
export function updateProfile(profile: { name?: string; email?: string }) {
  return apiRequest('/v1/userinfo/profile', {
    method: 'PUT',
    body: profile,
    schema: (s) => s.UserInfo,
  });
}

export const userinfoQuery = () =>
  queryOptions({
    queryKey: userinfoKeys.all,
    queryFn: ({ signal }) => fetchUserinfo(signal),
    staleTime: 5 * 60_000,
  });

/** The caller's permission map; empty while the profile loads, so everything starts disabled. */
export function usePermissions(): PermissionMap {
  const { data } = useQuery(userinfoQuery());
  return data?.permissions ?? noPermissions;
}

const noPermissions: PermissionMap = {};

/**
 * Whether the caller's profile has arrived. Until it has, the empty permission map above says
 * nothing about the person's role, so no refusal may be worded from it (issue 22).
 */
export function useProfileKnown(): boolean {
  const { data } = useQuery(userinfoQuery());
  return data !== undefined;
}
