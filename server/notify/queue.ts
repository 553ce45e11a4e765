import type { NotificationSettings } from '../../contract/notifications.ts';
import { NotificationSettings as SettingsSchema } from '../../contract/notifications.ts';
import type { AlarmEvent } from '../alarms/alarm-json.ts';
import type { Store } from '../store/store.ts';
import type { NewNotification } from '../store/notifications.ts';
import { wants } from './matching.ts';

type QueueStore = Pick<Store, 'notifications' | 'people' | 'channels'>;

/**
 * Turns alarm changes into outbox rows, one per person and change (docs/decisions/0186).
 * Runs where the event log's alarms are read (push's holder); reading the log again after a
 * change of holder queues nothing twice (the outbox keeps a person's change once). A raised alarm
 * goes to the people whose settings ask for it and who reach its node; its acknowledgement and
 * clearing go to those it went to (the same thread), who are checked for reach again when sent.
 */
export class NotificationQueue {
  private readonly store: QueueStore;
  private readonly now: () => number;
  private readonly wake: () => void;

  constructor(store: QueueStore, now: () => number, wake: () => void) {
    this.store = store;
    this.now = now;
    this.wake = wake;
  }

  async handle(events: readonly AlarmEvent[]): Promise<void> {
    const rows: NewNotification[] = [];
    let subscribers: Map<number, NotificationSettings> | undefined;
    for (const event of events) {
      const { alarm } = event;
      const row = (userId: number): NewNotification => ({
        userId,
        dedupe: `${alarm.id}:${event.type}`,
        alarmUuid: alarm.id,
        channelId: event.nodeId,
        change: event.type,
        payload: JSON.stringify(alarm),
      });
      if (event.type !== 'raised') {
        for (const userId of await this.store.notifications.threadRecipients(alarm.id)) {
          rows.push(row(userId));
        }
        continue;
      }
      subscribers ??= await this.subscribers();
      if (subscribers.size === 0) continue;
      const reaching = await this.store.people.reaching({ id: event.nodeId, nodeId: null });
      const groupUuids = await this.groupsOf(event);
      const at = this.now();
      for (const [userId, settings] of subscribers) {
        if (!reaching.has(userId)) continue;
        if (wants(settings, alarm, { nodeUuid: alarm.nodeUuid, groupUuids }, at)) {
          rows.push(row(userId));
        }
      }
    }
    if (rows.length === 0) return;
    await this.store.notifications.enqueue(rows, this.now());
    this.wake();
  }

  /** A test for the person, through each means they chose. */
  async queueTest(userId: number): Promise<void> {
    const key = `test:${this.now()}`;
    await this.store.notifications.enqueue(
      [{ userId, dedupe: key, alarmUuid: null, channelId: null, change: 'test', payload: '{}' }],
      this.now(),
    );
    this.wake();
  }

  /** Everyone who chose a means. Read per batch of changes: a saved change counts at once. */
  private async subscribers(): Promise<Map<number, NotificationSettings>> {
    const found = new Map<number, NotificationSettings>();
    for (const { userId, settings } of await this.store.notifications.allSettings()) {
      const parsed = SettingsSchema.safeParse(JSON.parse(settings));
      if (parsed.success && parsed.data.means.length > 0) found.set(userId, parsed.data);
    }
    return found;
  }

  /** The uuids of the groups among the channels the alarm concerns. */
  private async groupsOf(event: AlarmEvent): Promise<string[]> {
    const uuids: string[] = [];
    for (const id of event.channelIds) {
      if (id === event.nodeId) continue;
      const channel = await this.store.channels.findById(id);
      if (channel?.type === 'GROUP') uuids.push(channel.uuid);
    }
    return uuids;
  }
}
