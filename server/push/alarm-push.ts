import { randomUUID } from 'node:crypto';
import type { AlarmEvent } from '../alarms/alarm-json.ts';
import type { CloudLogger } from '../cloud-logger.ts';
import type { PushTargetStore } from '../store/push-targets.ts';
import { before, type Claim, type Position } from '../store/leases.ts';
import type { DeliveryLog } from './delivery-log.ts';
import type { SendOutcome } from './http-sender.ts';
import { signDelivery, signingKey } from './signing.ts';

/** The lease claims of alarm pushes are kept apart from readings' (a key is a channel). */
export const ALARM_PUSH_CLAIMS = 'push-alarms';

export interface AlarmPushOptions {
  targets: Pick<PushTargetStore, 'find'>;
  sender: { send(url: URL, headers: Record<string, string>, body: string): Promise<SendOutcome> };
  deliveryLog: Pick<DeliveryLog, 'add' | 'flush'>;
  logger: CloudLogger;
  clock: () => number;
  /** What earlier holders of push's lease started per channel (not sent again). */
  started: ReadonlyMap<number, Position>;
  /** Records a delivery before it is sent (lease claims). */
  claim(claims: readonly Claim[]): Promise<void>;
}

/**
 * Alarms raised and cleared, sent to the push address of every channel they concern (the
 * sensor, its node, their groups) as Standard Webhooks events of their own type, `alarm.raised`
 * and `alarm.cleared`, signed like every push and tried once (docs/decisions/0080-alarms.md).
 * Runs where push runs (the holder of its lease) as the event log brings the alarms.
 */
export class AlarmPush {
  private readonly options: AlarmPushOptions;
  private readonly started: Map<number, Position>;
  private readonly sending = new Set<Promise<void>>();

  constructor(options: AlarmPushOptions) {
    this.options = options;
    this.started = new Map(options.started);
  }

  /** Starts the deliveries of one logged event's alarms; does not wait for the receivers. */
  async handle(seq: number, events: readonly AlarmEvent[]): Promise<void> {
    for (const [idx, event] of events.entries()) {
      if (event.type === 'acknowledged') continue;
      const at = { seq, idx };
      for (const channelId of event.channelIds) {
        const claimed = this.started.get(channelId);
        if (claimed && !before(claimed, at)) continue;
        const target = await this.options.targets.find(channelId);
        if (!target) continue;
        const body = JSON.stringify({
          type: `alarm.${event.type}`,
          timestamp: new Date(this.options.clock()).toISOString(),
          channelUuid: target.uuid,
          channelName: target.name,
          data: event.alarm,
        });
        const id = `msg_${randomUUID().replaceAll('-', '')}`;
        const sentAt = this.options.clock();
        const headers = signDelivery(
          signingKey(target.secret),
          id,
          Math.floor(sentAt / 1000),
          body,
        );
        // Recorded before it is sent: a next holder of the lease does not send it again.
        await this.options.claim([{ key: channelId, ...at }]);
        this.started.set(channelId, at);
        const delivery = this.options.sender
          .send(new URL(target.url), { ...headers }, body)
          .catch((): SendOutcome => ({ error: 'the delivery could not be sent', durationMs: 0 }))
          .then((outcome) => {
            this.options.deliveryLog.add({
              channelId,
              id,
              at: sentAt,
              to: target.url,
              events: 1,
              dropped: 0,
              ok: outcome.error === undefined,
              ...(outcome.status !== undefined ? { status: outcome.status } : {}),
              ...(outcome.error !== undefined ? { error: outcome.error } : {}),
              durationMs: outcome.durationMs,
            });
            void this.options.deliveryLog.flush();
          });
        this.sending.add(delivery);
        void delivery.finally(() => this.sending.delete(delivery));
      }
    }
  }

  /** Waits for the deliveries under way. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.sending]);
  }
}
