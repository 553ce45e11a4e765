import { randomUUID } from 'node:crypto';
import { severityOf } from '../../contract/alarms.ts';
import { SILENCE_LOOKBACK_MS, silentAfterMs } from '../../contract/alarm-rules/silence-rule.ts';
import type { CloudLogger } from '../cloud-logger.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Store } from '../store/store.ts';
import { slotOf, type SilenceCandidate } from '../store/alarms.ts';
import { toAlarm, type AlarmEvent } from './alarm-json.ts';

const MINUTE_MS = 60_000;

const parsed = (properties: string | null): unknown =>
  properties === null ? undefined : JSON.parse(properties);

/** The shared rule (contract/alarm-rules/silence-rule.ts) over the stored JSON texts. */
const silentAfter = (candidate: Pick<SilenceCandidate, 'properties' | 'groups'>) =>
  silentAfterMs(
    parsed(candidate.properties),
    candidate.groups.map((group) => parsed(group.properties)),
  );

/**
 * Silence alarms (docs/decisions/0080-alarms.md): a node that sent nothing for longer than it
 * may is raised by this check, which runs in the one instance holding the `alarms` lease (so
 * once per cluster, and in another instance within the lease's time when that one dies). Its
 * next reading clears it, in the reading's transaction (ingestion).
 */
export class SilenceWatch {
  private readonly store: Store;
  private readonly bus: Pick<EventBus, 'appended'>;
  private readonly logger: CloudLogger;

  constructor(store: Store, bus: Pick<EventBus, 'appended'>, logger: CloudLogger) {
    this.store = store;
    this.bus = bus;
    this.logger = logger;
  }

  /** Raises an alarm for each node silent at `now` that has none open; answers how many. */
  async check(now: number): Promise<number> {
    const { store } = this;
    const candidates = (await store.alarms.silenceCandidates())
      .map((node) => ({ node, quietMs: silentAfter(node) }))
      .filter(
        (entry): entry is { node: SilenceCandidate; quietMs: number } =>
          entry.quietMs !== undefined,
      );
    if (candidates.length === 0) return 0;
    const open = new Set(
      (await store.alarms.open(candidates.map(({ node }) => slotOf(node.id, 'silence')))).map(
        (row) => row.node_id,
      ),
    );
    const waiting = candidates.filter(({ node }) => !open.has(node.id));
    if (waiting.length === 0) return 0;
    const since = now - SILENCE_LOOKBACK_MS;
    const heard = new Map(
      (
        await store.positions.latest(
          waiting.map(({ node }) => ({ ...node, all: -Infinity })),
          since,
          now + 5 * MINUTE_MS,
        )
      ).map((latest) => [latest.nodeUuid, latest.lastSeen]),
    );
    let raised = 0;
    for (const { node, quietMs } of waiting) {
      const lastSeen = heard.get(node.uuid) ?? since;
      if (now - lastSeen <= quietMs) continue;
      if (await this.raise(node, lastSeen, now)) raised++;
    }
    return raised;
  }

  private async raise(node: SilenceCandidate, lastSeen: number, now: number): Promise<boolean> {
    const seq = await this.store.transaction(async (tx) => {
      const slot = slotOf(node.id, 'silence');
      await tx.alarms.lockSlots([slot]);
      const id = await tx.alarms.insert({
        uuid: randomUUID(),
        tenant: node.tenant,
        kind: 'silence',
        severity: severityOf.silence,
        status: 'active',
        slot,
        channel_id: node.id,
        node_id: node.id,
        first_out_at: lastSeen,
        raised_at: now,
        last_ts: lastSeen,
        updated_at: now,
      });
      // Another check (an instance that held the lease a moment ago) raised it already.
      if (id === undefined) return undefined;
      const groups = await tx.groups.activeGroupsOf([node.id]);
      const row = await tx.alarms.findById(id);
      if (!row) return undefined;
      const event: AlarmEvent = {
        type: 'raised',
        alarm: toAlarm(row),
        channelIds: [node.id, ...(groups.get(node.id) ?? [])],
        nodeId: node.id,
        raisedAt: now,
      };
      return tx.eventLog.append({ readings: [], alarms: [event] }, now);
    });
    if (seq === undefined) return false;
    this.bus.appended(seq);
    this.logger.info(`alarms: ${node.name} fell silent`);
    return true;
  }
}
