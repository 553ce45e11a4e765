import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PushInboxSummary } from '../../contract/push.ts';
import { afterPushChange } from './after-change.ts';
import { setPush } from './channels.ts';
import { apiRequest, segment } from './client.ts';
import { extensionsQuery } from './extensions.ts';

/**
 * Push inboxes (our cloud's extension, see extensions.ts): receivers on the cloud that verify each
 * delivery's signature with the secret they were made with. Only their owner sees them.
 */
const pushInboxKeys = {
  all: ['push-inboxes'] as const,
  list: () => [...pushInboxKeys.all, 'list'] as const,
  detail: (uuid: string) => [...pushInboxKeys.all, 'detail', uuid] as const,
};

function fetchPushInboxes(signal?: AbortSignal) {
  return apiRequest('/v1/push-inboxes', { schema: (s) => s.PushInboxList, signal });
}

function fetchPushInbox(uuid: string, signal?: AbortSignal) {
  return apiRequest(`/v1/push-inboxes/${segment(uuid)}`, { schema: (s) => s.PushInbox, signal });
}

function createPushInbox(secret: string) {
  return apiRequest('/v1/push-inboxes', {
    method: 'POST',
    body: { secret },
    schema: (s) => s.PushInboxSummary,
  });
}

function deletePushInbox(uuid: string) {
  return apiRequest(`/v1/push-inboxes/${segment(uuid)}`, {
    method: 'DELETE',
    schema: (s) => s.StatusResult,
  });
}

export const pushInboxesQuery = () =>
  queryOptions({
    queryKey: pushInboxKeys.list(),
    queryFn: ({ signal }) => fetchPushInboxes(signal),
    staleTime: 60_000,
  });

/** What arrived, refreshed while someone watches. */
export const pushInboxQuery = (uuid: string) =>
  queryOptions({
    queryKey: pushInboxKeys.detail(uuid),
    queryFn: ({ signal }) => fetchPushInbox(uuid, signal),
    refetchInterval: 3_000,
  });

/** The caller's inbox at `address`, when a channel pushes to one of theirs. */
export function inboxAt(
  inboxes: readonly PushInboxSummary[] | undefined,
  address: string | undefined,
): PushInboxSummary | undefined {
  return address === undefined ? undefined : inboxes?.find((inbox) => inbox.address === address);
}

async function knownInboxes(client: QueryClient): Promise<PushInboxSummary[]> {
  return client.fetchQuery(pushInboxesQuery());
}

/**
 * An inbox the channel no longer pushes to has served its purpose: deleting it keeps the caller
 * under the cloud's limit of inboxes. Best effort: a leftover inbox harms nobody.
 */
export async function releaseInbox(client: QueryClient, previous: string | undefined) {
  if (previous === undefined) return;
  if (client.getQueryData(extensionsQuery().queryKey)?.pushInboxes !== true) return;
  const inbox = inboxAt(await knownInboxes(client).catch(() => []), previous);
  if (inbox === undefined) return;
  await deletePushInbox(inbox.uuid).catch(() => undefined);
  await client.invalidateQueries({ queryKey: pushInboxKeys.all });
}

export interface TryPushSettings {
  secret: string;
  interval: number;
  /** The channel's push address before, whose inbox (if it is one) is replaced. */
  previous: string | undefined;
}

/**
 * Tries push settings end to end: a new inbox made with the secret being set, and the channel's
 * push pointed at it with that same secret, so what arrives shows whether signatures verify.
 */
export function useTryPushWithInbox(channelUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ secret, interval, previous }: TryPushSettings) => {
      const inbox = await createPushInbox(secret);
      try {
        await setPush(channelUuid, { to: inbox.address, interval, secret });
      } catch (error) {
        // The cloud refused the address (loopback not allowed, say): leave no inbox behind.
        await deletePushInbox(inbox.uuid).catch(() => undefined);
        throw error;
      }
      if (previous !== inbox.address) await releaseInbox(client, previous);
      return inbox;
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: pushInboxKeys.all }),
        afterPushChange(client, channelUuid),
      ]),
  });
}
