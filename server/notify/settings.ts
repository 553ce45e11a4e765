import { defaultNotificationSettings, NotificationSettings } from '../../contract/notifications.ts';
import { badRequest } from '../http/errors.ts';
import type { ReachCache } from '../reach-cache.ts';
import type { NotificationStore } from '../store/notifications.ts';

/** A person's saved settings, or the defaults; a stored value that no longer parses is the defaults. */
export async function settingsOf(
  store: Pick<NotificationStore, 'settingsOf'>,
  userId: number,
): Promise<NotificationSettings> {
  const text = await store.settingsOf(userId);
  if (text === undefined) return defaultNotificationSettings;
  const parsed = NotificationSettings.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : defaultNotificationSettings;
}

/**
 * Refuses (400, with the reason) groups and nodes the person does not reach or that are not of
 * that kind: a person is never told of a channel they cannot read, so they cannot ask for one.
 */
export async function checkReach(
  reach: Pick<ReachCache, 'listReachable'>,
  userId: number,
  settings: NotificationSettings,
): Promise<void> {
  const check = async (uuids: readonly string[], type: 'GROUP' | 'NODE', what: string) => {
    if (uuids.length === 0) return;
    const reachable = new Set((await reach.listReachable(userId, type)).map((c) => c.uuid));
    const unknown = uuids.find((uuid) => !reachable.has(uuid));
    if (unknown !== undefined) {
      throw badRequest(`${what} ${unknown} is not a ${what} you can read.`);
    }
  };
  await check(settings.groups, 'GROUP', 'group');
  await check(settings.nodes, 'NODE', 'node');
}
