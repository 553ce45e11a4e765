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
 * delivered them: one local day at a time, batched per gateway, each batch one transaction.
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
  const flush = async (index: number) => {
    const batch = batches[index];
    const gateway = gateways[index];
    if (!batch || !gateway || batch.length === 0) return;
    batches[index] = [];
    report.accepted += (await services.ingestion.ingest(gateway, batch)).accepted;
  };
  const first = localDay(from);
  const last = localDay(to);
  for (let day = first; day <= last; day++) {
    for (const sender of senders) {
      for (const { gateway, message } of sender.messagesOfDay(day)) {
        if (message.ts <= from || message.ts > to) continue;
        const batch = batches[gateway];
        if (!batch) continue;
        batch.push(message);
        report.messages++;
        if (batch.length >= BATCH) await flush(gateway);
      }
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
