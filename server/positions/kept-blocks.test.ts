import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../store/event-log.ts';
import type { NodeScope } from '../store/positions.ts';
import { KeptPositions } from './kept-positions.ts';

const NODES = 600;
const NOW = 1_800_000_000_000;

/** A fleet of NODES nodes, each one TEMP sensor, whose readings arrive through `log`. */
function fleet() {
  const events: LoggedEvent[] = [];
  const kept = new KeptPositions({
    positions: {
      latest: () => Promise.reject(new Error('memory answers every node here')),
      latestJson: () => Promise.reject(new Error('memory answers every node here')),
      newestOfSensors: () =>
        Promise.resolve(
          Array.from({ length: NODES }, (_, n) => ({
            sensorId: 10_000 + n,
            nodeId: n,
            valueType: 'TEMP',
            newest: { ts: NOW - 60_000, value: '{"temperature":5}' },
          })),
        ),
    },
    log: {
      after: (cursor: number) => Promise.resolve(events.filter((event) => event.seq > cursor)),
      latest: () => Promise.resolve(events.at(-1)?.seq ?? 0),
    },
    retentionDays: null,
    now: () => NOW,
  });
  const scopes: NodeScope[] = Array.from({ length: NODES }, (_, n) => ({
    id: n,
    uuid: `uuid-${n}`,
    name: `Node ${n}`,
    all: 0,
  }));
  /** One logged reading of `node` from sensor `sensorId` (its own: 10,000 or 20,000 + node). */
  const log = (node: number, sensorId: number, ts: number, type: string, value: string) =>
    events.push({
      seq: events.length + 1,
      at: NOW,
      readings: [
        {
          readingId: events.length + 1,
          sensorId,
          nodeId: node,
          gatewayId: 1,
          ts,
          type,
          value,
          channelIds: [sensorId, node],
        },
      ],
    });
  const reading = (node: number, temperature: number) =>
    log(node, 10_000 + node, NOW - 1_000, 'TEMP', `{"temperature":${temperature}}`);
  /** A GPS fix of `node` at `ts` from a sensor of its own. */
  const fix = (node: number, ts: number) =>
    log(node, 20_000 + node, ts, 'GPS', '{"lat":52.4,"lon":4.9}');
  return { kept, scopes, reading, fix };
}

describe('the bytes of a kept positions answer', () => {
  it('are its text, and after one reading only that node’s block is made again', async () => {
    const { kept, scopes, reading } = fleet();
    const ask = async () => {
      const answer = await kept.answer(scopes, NOW - 86_400_000, NOW, 'scope');
      const pieces = answer.pieces();
      expect(Buffer.concat(pieces).toString('utf8')).toBe(answer.text());
      return pieces;
    };
    const first = await ask();
    expect(JSON.parse(`[${Buffer.concat(first).toString('utf8')}]`)).toHaveLength(NODES);
    reading(300, 9);
    const second = await ask();
    const text = Buffer.concat(second).toString('utf8');
    expect(text).toContain('"temperature":9');
    // Blocks of 256 nodes between commas: node 300 is in the second block (piece 2).
    expect(second).toHaveLength(first.length);
    expect(second[0]).toBe(first[0]);
    expect(second[2]).not.toBe(first[2]);
    expect(second[4]).toBe(first[4]);
    // Asked again unchanged: every block is the one sent before.
    const third = await ask();
    third.forEach((piece, i) => expect(piece).toBe(second[i]));
  });

  it('follow the start of the range: a reading before it leaves the node’s text, and comes back', async () => {
    const { kept, scopes, reading, fix } = fleet();
    // Memory reads every sensor's newest at the first answer, then follows the log.
    await kept.answer(scopes, NOW - 86_400_000, NOW, 'scope');
    reading(7, 9); // at NOW - 1 s; the node's older temperature was at NOW - 60 s
    const node7 = async (from: number) => {
      const answer = await kept.answer(scopes, from, NOW, 'scope');
      const nodes = JSON.parse(`[${answer.text()}]`) as { nodeName: string; temp?: unknown }[];
      return nodes.find((node) => node.nodeName === 'Node 7');
    };
    expect(await node7(NOW - 86_400_000)).toMatchObject({ temp: { ts: NOW - 1_000 } });
    // Node 8 read last at NOW - 60 s: a start after it leaves it out, a start before takes it in.
    const node8 = async (from: number) => {
      const answer = await kept.answer(scopes, from, NOW, 'scope');
      const nodes = JSON.parse(`[${answer.text()}]`) as { nodeName: string }[];
      return nodes.some((node) => node.nodeName === 'Node 8');
    };
    expect(await node8(NOW - 60_000)).toBe(true);
    expect(await node8(NOW - 59_999)).toBe(false);
    expect(await node8(NOW - 60_000)).toBe(true);
    expect(await node7(NOW - 1_000)).toMatchObject({ temp: { ts: NOW - 1_000 } });
    expect(await node7(NOW - 999)).toBeUndefined();
    // A fix older than its temperature: in the text while the start is at or before it only.
    fix(7, NOW - 30_000);
    expect(await node7(NOW - 30_000)).toMatchObject({ gps: { ts: NOW - 30_000 } });
    expect(await node7(NOW - 29_999)).not.toHaveProperty('gps');
    expect(await node7(NOW - 29_999)).toMatchObject({ temp: { ts: NOW - 1_000 } });
    expect(await node7(NOW - 40_000)).toMatchObject({ gps: { ts: NOW - 30_000 } });
  });
});
