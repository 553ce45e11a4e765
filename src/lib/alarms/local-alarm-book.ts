import type { Alarm } from '../../../contract/alarms.ts';
import { severityOf } from '../../../contract/alarm-rules/severity.ts';
import {
  evaluateTemperature,
  type Episode,
  type TempReading,
} from '../../../contract/alarm-rules/temperature-rule.ts';
import type { Timeslice } from '../../../contract/timeslice.ts';
import type { AlarmRules } from './alarm-rules.ts';
import { LocalPlaceStays, positionsByNode } from './local-place-stays.ts';

/** A person's decision on an alarm the console raised, kept in this browser. */
export interface LocalDecision {
  acknowledged?: { by: string; at: number; comment: string };
  cleared?: { by: string; at: number; comment: string };
}

interface OpenExcursion {
  episode: Episode;
  alarmId: string | undefined;
}

/** Alarms kept after they cleared, for the Alarms page's "cleared" and "all". */
const CLEARED_KEPT = 500;

/** 32-bit FNV-1a of `text`, seeded: four of them make an alarm's id. */
function fnv(text: string, seed: number): string {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The same excursion read again (a reload reads the last day again) gets the same id, so what a
 * person decided on it, kept by id, still applies.
 */
function localAlarmId(key: string): string {
  const hex = [1, 2, 3, 4].map((seed) => fnv(key, seed)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Alarms raised by the console itself from the readings it reads, for a cloud without the
 * alarms extension (temperature, silence and places): the cloud's own rules
 * (contract/alarm-rules/) on the same properties, so the same readings raise the same alarms,
 * with the same delay and hold-off. Pure: the watcher
 * (features/alarms/local-alarm-watch.tsx) feeds it readings and the time.
 */
export class LocalAlarmBook {
  private readonly holdOffMs: number;
  private readonly open = new Map<string, OpenExcursion>();
  /** Nodes with a silence alarm open: its id and the last message heard before it. */
  private readonly silent = new Map<string, { alarmId: string; last: number }>();
  /** The newest reading evaluated per sensor: older ones change no state. */
  private readonly newest = new Map<string, number>();
  /** The newest message heard per node (any sensor). */
  private readonly heard = new Map<string, { ts: number; name: string }>();
  private readonly alarms = new Map<string, Alarm>();
  private kept: Readonly<Record<string, LocalDecision>> = {};
  private readonly places: LocalPlaceStays;

  constructor(holdOffMs: number) {
    this.holdOffMs = holdOffMs;
    this.places = new LocalPlaceStays(holdOffMs, localAlarmId);
  }

  /** A batch of readings, any order, any overlap with what came before. */
  addReadings(slices: readonly Timeslice[], rules: AlarmRules): void {
    const bySensor = new Map<string, { slice: Timeslice; readings: TempReading[] }>();
    for (const slice of slices) {
      const heard = this.heard.get(slice.nodeUuid);
      if (!heard || slice.ts > heard.ts)
        this.heard.set(slice.nodeUuid, { ts: slice.ts, name: slice.nodeName });
      const value = slice.type === 'TEMP' ? slice.value.temperature : undefined;
      if (value === undefined) continue;
      const entry = bySensor.get(slice.sensorUuid) ?? { slice, readings: [] };
      entry.readings.push({ ts: slice.ts, value, readingId: entry.readings.length });
      bySensor.set(slice.sensorUuid, entry);
    }
    for (const [sensorUuid, { slice, readings }] of bySensor) {
      this.evaluate(sensorUuid, slice, readings, rules);
    }
    for (const [nodeUuid, batch] of positionsByNode(slices)) {
      for (const alarm of this.places.add(nodeUuid, batch, rules)) this.alarms.set(alarm.id, alarm);
    }
    this.prune();
  }

  private evaluate(
    sensorUuid: string,
    slice: Timeslice,
    readings: readonly TempReading[],
    rules: AlarmRules,
  ): void {
    const band = rules.bandOf(sensorUuid, slice.nodeUuid);
    const before = this.open.get(sensorUuid);
    const newestBefore = this.newest.get(sensorUuid);
    this.newest.set(
      sensorUuid,
      readings.reduce((newest, r) => Math.max(newest, r.ts), newestBefore ?? -Infinity),
    );
    if (!band && !before) return;
    const episodes = evaluateTemperature(
      before?.episode,
      readings,
      band,
      this.holdOffMs,
      newestBefore,
    );
    this.open.delete(sensorUuid);
    for (const episode of episodes) {
      const known = episode === episodes[0] ? before?.alarmId : undefined;
      const alarmId =
        known ??
        (episode.status !== 'pending'
          ? localAlarmId(`${sensorUuid}:temperature:${episode.firstOutAt}`)
          : undefined);
      if (alarmId !== undefined && episode.raisedAt !== undefined) {
        this.alarms.set(alarmId, this.temperatureAlarm(alarmId, sensorUuid, slice, episode, rules));
      }
      if (episode.end === undefined) {
        this.open.set(sensorUuid, {
          episode: { ...episode, raisedNow: false, changed: false },
          alarmId,
        });
      }
    }
    this.prune();
  }

  private temperatureAlarm(
    id: string,
    sensorUuid: string,
    slice: Timeslice,
    episode: Episode,
    rules: AlarmRules,
  ): Alarm {
    const end = episode.end?.kind === 'cleared' ? episode.end : undefined;
    return {
      id,
      kind: 'temperature',
      severity: episode.severity ?? 'warning',
      state: end ? 'cleared' : 'raised',
      tenant: rules.tenantOf(slice.nodeUuid),
      channelUuid: sensorUuid,
      channelName: slice.sensorName,
      nodeUuid: slice.nodeUuid,
      nodeName: rules.nodeName(slice.nodeUuid) ?? slice.nodeName,
      direction: episode.direction,
      limits: {
        ...(episode.limitMin !== undefined ? { min: episode.limitMin } : {}),
        ...(episode.limitMax !== undefined ? { max: episode.limitMax } : {}),
      },
      excursionStart: { ts: episode.firstOutAt, value: episode.firstValue },
      raisedAt: episode.raisedAt ?? episode.firstOutAt,
      ...(episode.raisedValue !== undefined && episode.raisedAt !== undefined
        ? { raisedBy: { ts: episode.raisedAt, value: episode.raisedValue } }
        : {}),
      peak: { ts: episode.peakAt, value: episode.peak },
      ...(end ? { cleared: { at: end.at } } : {}),
    };
  }

  /**
   * Silence at `now`: a watched node heard from last longer ago than it may be quiet is raised
   * (once, from the moment it fell quiet); its next message clears it. `since`: when the console
   * began reading (a node not heard since then counts as quiet from there, as the cloud counts
   * from a day back).
   */
  checkSilence(now: number, since: number, rules: AlarmRules): void {
    for (const [nodeUuid, quietMs] of rules.quiet) {
      const heard = this.heard.get(nodeUuid);
      const last = heard?.ts ?? since;
      const open = this.silent.get(nodeUuid);
      if (open && last > open.last) {
        const alarm = this.alarms.get(open.alarmId);
        if (alarm) this.alarms.set(alarm.id, { ...alarm, state: 'cleared', cleared: { at: last } });
        this.silent.delete(nodeUuid);
        continue;
      }
      if (open || now - last <= quietMs) continue;
      const id = localAlarmId(`${nodeUuid}:silence:${last}`);
      const name = rules.nodeName(nodeUuid) ?? heard?.name ?? nodeUuid;
      this.alarms.set(id, {
        id,
        kind: 'silence',
        severity: severityOf.silence,
        state: 'raised',
        tenant: rules.tenantOf(nodeUuid),
        channelUuid: nodeUuid,
        channelName: name,
        nodeUuid,
        nodeName: name,
        raisedAt: last + quietMs,
      });
      this.silent.set(nodeUuid, { alarmId: id, last });
    }
    this.prune();
  }

  /** What people decided, kept in this browser (restored on opening). */
  setDecisions(decisions: Readonly<Record<string, LocalDecision>>): void {
    this.kept = decisions;
    // A person's clear ends the alarm but the excursion goes on: it does not raise again.
    for (const open of this.open.values()) {
      if (open.alarmId !== undefined && decisions[open.alarmId]?.cleared) {
        open.episode.status = 'cleared';
      }
    }
    this.places.applyDecisions(decisions);
  }

  decisions(): Readonly<Record<string, LocalDecision>> {
    return this.kept;
  }

  /** Newest raised first, with what people decided on them. */
  list(): Alarm[] {
    return [...this.alarms.values()]
      .map((alarm) => this.decided(alarm))
      .sort((a, b) => b.raisedAt - a.raisedAt || a.id.localeCompare(b.id));
  }

  private decided(alarm: Alarm): Alarm {
    const decision = this.kept[alarm.id];
    if (!decision) return alarm;
    const { acknowledged, cleared: byPerson } = decision;
    // A person's clear comes before the data's (the button is gone once the data cleared it).
    const cleared = byPerson ?? alarm.cleared;
    return {
      ...alarm,
      ...(acknowledged ? { acknowledged } : {}),
      ...(cleared ? { cleared } : {}),
      state: cleared ? 'cleared' : acknowledged ? 'acknowledged' : 'raised',
    };
  }

  /** Cleared alarms beyond the newest CLEARED_KEPT are let go. */
  private prune(): void {
    const cleared = [...this.alarms.values()].filter((a) => a.cleared !== undefined);
    if (cleared.length <= CLEARED_KEPT) return;
    cleared.sort((a, b) => a.raisedAt - b.raisedAt);
    for (const alarm of cleared.slice(0, cleared.length - CLEARED_KEPT)) {
      this.alarms.delete(alarm.id);
    }
  }
}
