import { describe, expect, it, vi } from 'vitest';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { fakeHistory, slice, testUuid } from '../../test/fake-history.ts';
import { exportWriter } from '../export/formats.ts';
import { connChanges } from '../history/conn-changes.ts';
import { defaultColdChainSettings } from '../reports/excursions.ts';
import { defaultTripSettings } from '../reports/trips.ts';
import { HistoryEngine, type PageSource } from './engine.ts';
import type { Progress, ReportOptions } from './protocol.ts';

const DAY = 86_400_000;
const end = Date.UTC(2026, 10, 21);
const range = { from: end - 3 * DAY, to: end };
const data: Timeslice[] = Array.from({ length: 72 }, (_, h) =>
  slice({ ts: end - h * 3_600_000, type: 'TEMP', value: { temperature: h % 10 } }),
);

function cloud(items: Timeslice[] = data) {
  const { fetchPage, requests } = fakeHistory(items);
  const failing = new Set<number>();
  const held: (() => void)[] = [];
  let hold = false;
  const source: PageSource = async (request, signal) => {
    if (hold) await new Promise<void>((resolve) => held.push(resolve));
    signal.throwIfAborted();
    if (failing.has(request.to)) throw new Error('The cloud cannot be reached.');
    return fetchPage(request, signal);
  };
  return {
    source,
    requests,
    failing,
    holdAll: () => (hold = true),
    release: () => {
      hold = false;
      held.splice(0).forEach((go) => go());
    },
  };
}

/** Opens a range and resolves once its status is no longer loading. */
function settled(engine: HistoryEngine, key: string, channelUuid = 'c1') {
  const seen: Progress[] = [];
  return new Promise<Progress[]>((resolve) => {
    engine.open(key, channelUuid, range, (progress) => {
      seen.push(progress);
      if (progress.status !== 'loading') resolve(seen);
    });
  });
}

const options: ReportOptions = {
  timeZone: 'UTC',
  trips: defaultTripSettings,
  coldChain: defaultColdChainSettings,
  limits: {
    sensors: {},
    nodes: {},
    groupsOfNode: {},
    everyNode: [{ name: 'Cold chain', limits: { max: 5 } }],
  },
  problems: [],
};

describe('the history engine', () => {
  it('loads a range day by day and answers every message, newest first', async () => {
    const c = cloud();
    const engine = new HistoryEngine(c.source);
    const seen = await settled(engine, 'a');
    expect(seen.at(-1)).toMatchObject({ status: 'done', loaded: [true, true, true], messages: 72 });
    // Each day reported as it arrived.
    expect(seen.map((p) => p.loaded.filter(Boolean).length)).toEqual([0, 1, 2, 3, 3]);
    const { rows } = await engine.query('a', { kind: 'rows', start: 0, count: 100 });
    expect(rows.map((r) => r.ts)).toEqual(data.map((d) => d.ts));
    expect(rows[0]).toEqual(data[0]);
  });

  it('keeps what arrived on a cancel and asks only for the missing days on resume', async () => {
    const c = cloud();
    const engine = new HistoryEngine(c.source);
    c.failing.add(range.to - DAY - 1);
    const seen = await settled(engine, 'a');
    expect(seen.at(-1)).toMatchObject({ status: 'failed', loaded: [true, false, true] });
    expect(seen.at(-1)?.error?.message).toBe('The cloud cannot be reached.');
    const asked = c.requests.length;
    c.failing.clear();
    const done = new Promise<void>((resolve) =>
      engine.open('a', 'c1', range, (p) => p.status === 'done' && resolve()),
    );
    engine.resume('a');
    await done;
    expect(c.requests.slice(asked).map((r) => r.to)).toEqual([range.to - DAY - 1]);
  });

  it('stops on cancel, then resumes with what is missing', async () => {
    const c = cloud();
    const engine = new HistoryEngine(c.source);
    c.holdAll();
    const statuses: string[] = [];
    engine.open('a', 'c1', range, (p) => statuses.push(p.status));
    engine.cancel('a');
    c.release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(statuses.at(-1)).toBe('cancelled');
    const done = new Promise<Progress>((resolve) =>
      engine.open('a', 'c1', range, (p) => p.status === 'done' && resolve(p)),
    );
    engine.resume('a');
    expect((await done).messages).toBe(72);
  });

  it('serves a range opened again from the days it has, asking the cloud nothing', async () => {
    const c = cloud();
    const engine = new HistoryEngine(c.source);
    const listener = () => undefined;
    await settled(engine, 'a');
    engine.close('a', listener);
    const asked = c.requests.length;
    engine.close('a', () => undefined);
    const again = await settled(engine, 'b');
    expect(again.at(-1)?.messages).toBe(72);
    expect(c.requests.length).toBe(asked);
    // A sign-out forgets them.
    engine.reset();
    await settled(engine, 'c');
    expect(c.requests.length).toBe(asked + 3);
  });

  it('refuses an answer that breaks the interface, saying where', async () => {
    const broken = [...data];
    broken[5] = { ...data[5], value: { temperature: 'warm' } } as unknown as Timeslice;
    const engine = new HistoryEngine(cloud(broken).source);
    const seen = await settled(engine, 'a');
    expect(seen.at(-1)?.status).toBe('failed');
    expect(seen.at(-1)?.error).toMatchObject({
      code: 'INVALID_RESPONSE',
      message: expect.stringContaining('value.temperature must be a number'),
    });
  });

  it('answers connectivity changes from its columns as they are from the messages', async () => {
    // Two nodes; one changes function and version, the other leaves version out.
    const conn = Array.from({ length: 40 }, (_, i) =>
      slice({
        ts: end - i * 5_400_000,
        type: 'CONN',
        nodeUuid: testUuid(50 + (i % 2)),
        nodeName: `Van ${i % 2}`,
        sensorUuid: testUuid(60 + (i % 2)),
        value:
          i % 2 === 0 ? { function: i < 20 ? 7 : 5, version: i < 10 ? 2 : 3 } : { function: 7 },
      }),
    );
    const items = [...data, ...conn].sort((a, b) => b.ts - a.ts);
    const engine = new HistoryEngine(cloud(items).source);
    await settled(engine, 'a');
    const changes = await engine.query('a', { kind: 'conn' });
    expect(changes).toEqual(connChanges(items));
    expect(changes.map((c) => [c.nodeName, c.function, c.version])).toEqual([
      ['Van 1', 7, undefined],
      ['Van 0', 5, 3],
      ['Van 0', 7, 3],
      ['Van 0', 7, 2],
    ]);
  });

  it('exports the range from its columns as the writer of each format writes it', async () => {
    const engine = new HistoryEngine(cloud().source);
    await settled(engine, 'a');
    const progress: number[] = [];
    const blob = await engine.query(
      'a',
      { kind: 'export', format: 'csv', fileName: 'x.csv', timeZone: 'UTC' },
      (p) => progress.push(p.done),
    );
    const writer = exportWriter('csv');
    const oldestFirst = [...data].reverse();
    expect(await blob.text()).toBe(writer.begin() + writer.chunk(oldestFirst) + writer.end());
    expect(progress).toEqual([1, 2, 3]);
  });

  it("answers each node's positions as columns, oldest first, without messages that carry none", async () => {
    const van = { nodeUuid: testUuid(7), nodeName: 'Van 07', sensorUuid: testUuid(70) };
    const truck = { nodeUuid: testUuid(8), nodeName: 'Truck 08', sensorUuid: testUuid(80) };
    const t = end - DAY;
    const items = [
      slice({ ...van, ts: t + 40, type: 'GPS', value: { lat: 52.1, lon: 5.1, hdop: 1.2 } }),
      slice({ ...van, ts: t + 30, type: 'GPS', value: { stationary: false, lat: 9, lon: 9 } }),
      slice({ ...van, ts: t + 20, type: 'GPS', value: { lat: 52, lon: 5, calculated: true } }),
      slice({ ...van, ts: t + 15, type: 'GPS', value: { hdop: 3 } }),
      slice({ ...truck, ts: t + 10, type: 'GPS', value: { lat: 48, lon: 2, stationary: true } }),
      slice({
        ...van,
        sensorUuid: testUuid(71),
        ts: t + 5,
        type: 'TEMP',
        value: { temperature: 3 },
      }),
    ];
    const engine = new HistoryEngine(cloud(items).source);
    await settled(engine, 'a');
    const tracks = await engine.query('a', { kind: 'tracks' });
    expect(
      tracks.map((track) => [track.nodeName, [...track.ts], [...track.lat], [...track.calculated]]),
    ).toEqual([
      ['Truck 08', [t + 10], [48], [0]],
      ['Van 07', [t + 20, t + 40], [52, 52.1], [1, 0]],
    ]);
    const summary = await engine.query('a', { kind: 'summary' });
    expect(summary.nodes).toEqual([
      { nodeUuid: truck.nodeUuid, nodeName: 'Truck 08', positions: 1, withoutPosition: 0 },
      { nodeUuid: van.nodeUuid, nodeName: 'Van 07', positions: 2, withoutPosition: 2 },
    ]);
  });

  it('answers tracks the page may take away: the next answer is whole (days joined into new arrays)', async () => {
    const van = { nodeUuid: testUuid(7), nodeName: 'Van 07', sensorUuid: testUuid(70) };
    const items = [end - 10, end - DAY - 10, end - 2 * DAY - 10].map((ts, i) =>
      slice({ ...van, ts, type: 'GPS', value: { lat: 52 + i, lon: 5 } }),
    );
    const engine = new HistoryEngine(cloud(items).source);
    await settled(engine, 'a');
    const first = await engine.query('a', { kind: 'tracks' });
    expect(first.map((track) => [...track.lat])).toEqual([[54, 53, 52]]);
    // As the worker's postMessage does: every column transferred, detached here.
    const columns = first.flatMap((track) => [track.ts, track.lat, track.lon, track.x, track.y]);
    structuredClone(columns, { transfer: columns.map((column) => column.buffer as ArrayBuffer) });
    expect(first[0]?.lat.length).toBe(0);
    const again = await engine.query('a', { kind: 'tracks' });
    expect(again.map((track) => [...track.lat])).toEqual([[54, 53, 52]]);
    const lines = await engine.query('a', { kind: 'summary' });
    expect(lines.nodes[0]?.positions).toBe(3);
  });

  it('answers lines per pixel, and cold-chain figures with the limits that apply', async () => {
    const engine = new HistoryEngine(cloud().source);
    await settled(engine, 'a');
    const { lines, extent } = await engine.query('a', {
      kind: 'lines',
      window: range,
      width: 1000,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.ts.length).toBe(72);
    expect(extent).toEqual([0, 9]);
    const report = await engine.query('a', { kind: 'coldChain', options });
    // Hourly readings: each one out of range stands alone, ended by the pause after it.
    expect(report.sensors[0]).toMatchObject({ readings: 72, min: 0, max: 9, excursions: 28 });
    expect(report.sensors[0]?.limits).toMatchObject({
      max: 5,
      source: 'group',
      from: ['Cold chain'],
    });
    expect(report.excursions[0]).toMatchObject({ side: 'above', peak: 9, gap: true });
  });

  it('draws bands by their limits without working out the reports (asked as each day arrives)', async () => {
    const engine = new HistoryEngine(cloud().source);
    await settled(engine, 'a');
    const measure = vi.spyOn(performance, 'measure');
    try {
      const { bands } = await engine.query('a', {
        kind: 'bands',
        window: range,
        width: 100,
        options,
      });
      expect(bands).toHaveLength(1);
      expect(bands[0]?.limits).toMatchObject({ max: 5 });
      // Trip and stop detection marks each node it works on (User Timing).
      expect(measure).not.toHaveBeenCalled();
    } finally {
      measure.mockRestore();
    }
  });

  it('keeps one timing of each node however often its reports are worked out again', async () => {
    const engine = new HistoryEngine(cloud().source);
    await settled(engine, 'a');
    const motion = { kind: 'motion', window: range, width: 100, options } as const;
    await engine.query('a', motion);
    // A live reading changes the range, so the reports are worked out again.
    engine.append('a', [slice({ ts: end + 60_000, type: 'TEMP', value: { temperature: 4 } })]);
    await engine.query('a', motion);
    const name = `trips and stops: ${slice({ ts: end, type: 'TEMP', value: {} }).nodeName}`;
    expect(performance.getEntriesByName(name)).toHaveLength(1);
    expect(performance.getEntriesByName('gps and heard columns: every node')).toHaveLength(1);
  });
});
