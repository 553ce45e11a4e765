import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.ts';
import type { GatewayMessage } from '../schemas/ingest.ts';
import { INGEST_MAX_MESSAGES, IngestResult } from '../schemas/ingest.ts';
import { demoGateways } from './gateway-network.ts';
import { demoFleet, type Vehicle } from './fleet.ts';
import { DAY_MS, localDay } from './local-time.ts';
import { simulatorKeys, type GatewayKeys } from './simulator-keys.ts';
import { demoSenders, Timeline, type Sender } from './timeline.ts';
import { DEMO_HISTORY_DAYS } from './seed-demo.ts';

export interface SimulatorOptions {
  services: Services;
  /** Where the cloud listens, e.g. http://127.0.0.1:8080: the gateways deliver there over HTTP. */
  baseUrl: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  fleet?: readonly Vehicle[];
}

export interface TickReport {
  /** Messages the cloud took (stored, duplicate or rejected by it). */
  delivered: number;
  /** Messages to deliver again at the next tick. */
  failed: number;
  /** Of the delivered: already stored, or refused one by one (e.g. a decommissioned node). */
  duplicates: number;
  rejected: number;
}

type Cursors = Map<string, number>;
type Delivered = Pick<IngestResult, 'duplicates' | 'rejected'>;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The demo's gateways, live: every few seconds each delivers what its nodes sent since the last
 * delivery to POST /v1/ingest, as a real gateway does. Where each sensor continues is read from
 * the stored data, so a restart neither leaves a gap nor repeats anything; a failed delivery is
 * logged and retried at the next tick.
 */
export class LiveSimulator {
  private readonly services: Services;
  private readonly baseUrl: string;
  private readonly log: FastifyBaseLogger;
  private readonly intervalMs: number;
  private readonly senders: Sender[];
  private readonly cursors = new Map<string, Cursors>();
  private readonly timeline = new Timeline();
  private readonly abort = new AbortController();
  private keys: GatewayKeys;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** Failed deliveries in a row: the first is logged, then one in a hundred, not every tick. */
  private failuresInARow = 0;

  /** The simulator of the demo fleet registered in the store, continuing where its data ends. */
  static async create(options: SimulatorOptions): Promise<LiveSimulator> {
    const { services } = options;
    const keys = await simulatorKeys(services);
    const senders = demoSenders(options.fleet ?? demoFleet());
    const nodes = await services.store.channels.findCommissionedMany(senders.map((s) => s.serial));
    // Only what is registered delivers: a node someone decommissioned falls silent.
    const live = senders.filter((sender) => nodes.has(sender.serial));
    const simulator = new LiveSimulator(options, keys, live);
    const now = services.now();
    for (const sender of live) {
      simulator.cursors.set(sender.serial, await simulator.storedCursors(sender, now));
    }
    return simulator;
  }

  private constructor(options: SimulatorOptions, keys: GatewayKeys, senders: Sender[]) {
    this.services = options.services;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.log = options.log;
    this.intervalMs = options.intervalMs ?? 5_000;
    this.keys = keys;
    this.senders = senders;
  }

  get nodeCount(): number {
    return this.senders.length;
  }

  start(): void {
    if (this.senders.length === 0) {
      this.log.warn(
        'simulator: this database holds no demo fleet (it was seeded before the fleet existed, ' +
          'or the fleet was decommissioned); start with an empty DATA_DIR to seed one',
      );
      return;
    }
    this.log.info(
      `simulator: ${Object.keys(this.keys).length} gateways deliver ${this.senders.length} nodes' data to ${this.baseUrl}/v1/ingest`,
    );
    const loop = () => {
      if (this.stopped) return;
      this.running = this.tick()
        .catch((error: unknown) => this.log.error({ err: error }, 'simulator: tick failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, this.intervalMs);
        });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.running;
  }

  /** Delivers everything due up to now. */
  async tick(): Promise<TickReport> {
    const now = this.services.now();
    this.timeline.forgetBefore(localDay(now) - 1);
    const byGateway = new Map<number, { serial: string; message: GatewayMessage }[]>();
    for (const sender of this.senders) {
      const cursors = this.cursors.get(sender.serial) ?? new Map<string, number>();
      const after = Math.min(...cursors.values(), now);
      for (const { gateway, message } of this.timeline.between(sender, after, now)) {
        if (message.ts <= (cursors.get(message.sensor) ?? after)) continue;
        const list = byGateway.get(gateway) ?? [];
        list.push({ serial: sender.serial, message });
        byGateway.set(gateway, list);
      }
    }
    const report: TickReport = { delivered: 0, failed: 0, duplicates: 0, rejected: 0 };
    const failedFrom = new Map<string, number>();
    const deliveredUpTo = new Map<string, number>();
    for (const [gateway, items] of byGateway) {
      for (let i = 0; i < items.length; i += INGEST_MAX_MESSAGES) {
        const chunk = items.slice(i, i + INGEST_MAX_MESSAGES);
        const answer = await this.deliver(
          gateway,
          chunk.map((item) => item.message),
        );
        if (this.stopped) return report;
        const ok = answer !== undefined;
        report.duplicates += answer?.duplicates ?? 0;
        report.rejected += answer?.rejected.length ?? 0;
        for (const { serial, message } of chunk) {
          const key = `${serial}\n${message.sensor}`;
          const into = ok ? deliveredUpTo : failedFrom;
          const pick = ok ? Math.max : Math.min;
          into.set(key, pick(into.get(key) ?? (ok ? -Infinity : Infinity), message.ts));
        }
        report[ok ? 'delivered' : 'failed'] += chunk.length;
      }
    }
    // A sensor continues after what was delivered, or just before its first failed message.
    for (const [key, ts] of deliveredUpTo) this.advance(key, ts, failedFrom.get(key));
    for (const [key, ts] of failedFrom) if (!deliveredUpTo.has(key)) this.advance(key, ts - 1, ts);
    if (report.delivered + report.failed > 0) {
      this.log.debug(
        `simulator: delivered ${report.delivered} messages (${report.duplicates} duplicates, ` +
          `${report.rejected} rejected), ${report.failed} to retry`,
      );
    }
    return report;
  }

  private advance(key: string, deliveredTs: number, failedTs: number | undefined): void {
    const [serial = '', sensor = ''] = key.split('\n');
    const cursors = this.cursors.get(serial);
    if (!cursors) return;
    const next = failedTs === undefined ? deliveredTs : Math.min(deliveredTs, failedTs - 1);
    cursors.set(sensor, Math.max(cursors.get(sensor) ?? -Infinity, next));
  }

  /**
   * The cloud's answer when it took the batch, or refused it for good (retrying would not help);
   * undefined when the batch is to be delivered again.
   */
  private async deliver(
    gateway: number,
    messages: GatewayMessage[],
  ): Promise<Delivered | undefined> {
    const serial = demoGateways[gateway]?.serial ?? '';
    const key = this.keys[serial];
    const dropped: Delivered = { duplicates: 0, rejected: [] };
    if (key === undefined) return dropped;
    try {
      const response = await fetch(`${this.baseUrl}/v1/ingest`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${serial}:${key}`).toString('base64')}`,
        },
        body: JSON.stringify({ messages }),
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
      const text = await response.text();
      if (response.ok) {
        if (this.failuresInARow > 0) this.log.info('simulator: deliveries resumed');
        this.failuresInARow = 0;
        const answer = IngestResult.safeParse(JSON.parse(text));
        return answer.success ? answer.data : dropped;
      }
      if (response.status === 401) {
        // Someone issued the gateway a new key: take (or issue) the current one and retry.
        this.keys = await simulatorKeys(this.services);
        this.failed(`${serial} was refused (401); its key was renewed`);
        return undefined;
      }
      if (response.status >= 500 || response.status === 429) {
        this.failed(`${serial} delivery answered ${response.status}; will retry`);
        return undefined;
      }
      this.log.error(`simulator: ${serial} delivery refused with ${response.status}: ${text}`);
      return dropped;
    } catch (error) {
      if (!this.stopped) {
        this.failed(`${serial} could not deliver (${(error as Error).message}); will retry`);
      }
      return undefined;
    }
  }

  private failed(message: string): void {
    if (this.failuresInARow++ % 100 === 0) this.log.warn(`simulator: ${message}`);
  }

  /** Per sensor, the newest ts stored; a sensor without data starts now. */
  private async storedCursors(sender: Sender, now: number): Promise<Cursors> {
    const cursors: Cursors = new Map();
    const { channels, readings } = this.services.store;
    const node = await channels.findCommissioned(sender.serial);
    if (!node) return cursors;
    const oldest = now - DEMO_HISTORY_DAYS * DAY_MS;
    for (const sensor of ['gps', 'temp', 'conn']) {
      const channel = await channels.findSensor(node.id, sensor);
      const latest = channel ? await readings.latestTs(channel.id) : undefined;
      cursors.set(sensor, Math.max(oldest, Math.min(now, latest ?? now)));
    }
    return cursors;
  }
}
