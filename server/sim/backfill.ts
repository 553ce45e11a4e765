import type { Services } from '../services.ts';
import type { Channel } from '../store/channels.ts';
import type { GatewayMessage } from '../schemas/ingest.ts';
import { localDay } from './local-time.ts';
import type { Sender } from './timeline.ts';

export interface BackfillReport {
  messages: number;
  accepted: number;
  ms: number;
}

const BATCH = 5_000;

/**
 * Feeds the senders' messages with from < ts ≤ to through ingestion, as their gateways would have
 * delivered them: one local day at a time, in time order, batched per gateway, each batch one
 * transaction. A node heard by another gateway than before first has its earlier batch
 * delivered, so each sensor's readings reach the cloud in order, as they do live: the alarm rules
 * read a reading older than the newest one evaluated as late, and a day delivered gateway by
 * gateway had hidden excursions from them (issue 34).
 */
export async function backfill(
  services: Services,
  gateways: readonly Channel[],
  senders: readonly Sender[],
  from: number,
  to: number,
  progress: (line: string) => void = () => {},
): Promise<BackfillReport> {
  const started = performance.now();
  const report = { messages: 0, accepted: 0, ms: 0 };
  const batches = gateways.map(() => [] as GatewayMessage[]);
  /** The gateway whose waiting batch holds each node's messages. */
  const waitingAt = new Map<string, number>();
  const flush = async (index: number) => {
    const batch = batches[index];
    const gateway = gateways[index];
    if (!batch || !gateway || batch.length === 0) return;
    batches[index] = [];
    for (const message of batch) waitingAt.delete(message.node);
    report.accepted += (await services.ingestion.ingest(gateway, batch)).accepted;
  };
  const first = localDay(from);
  const last = localDay(to);
  for (let day = first; day <= last; day++) {
    const messages = senders
      .flatMap((sender) => sender.messagesOfDay(day))
      .filter(({ message }) => message.ts > from && message.ts <= to)
      // Stable: a sender's messages of one instant keep their order.
      .sort((a, b) => a.message.ts - b.message.ts);
    for (const { gateway, message } of messages) {
      const batch = batches[gateway];
      if (!batch) continue;
      const waiting = waitingAt.get(message.node);
      if (waiting !== undefined && waiting !== gateway) await flush(waiting);
      batch.push(message);
      waitingAt.set(message.node, gateway);
      report.messages++;
      if (batch.length >= BATCH) await flush(gateway);
    }
    for (let index = 0; index < gateways.length; index++) await flush(index);
    progress(
      `backfill: day ${day - first + 1} of ${last - first + 1}, ${report.messages} messages, ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
