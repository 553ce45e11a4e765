import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Timeslice } from '../../../contract/timeslice.ts';
import { chunkOfNewestFirst } from './chunk.ts';
import { Dictionary } from './dictionary.ts';
import { timesliceAt } from './row.ts';

const uuid = fc.uuid();
const int = fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constant(2 ** 53), fc.double());
const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.string(),
  int,
  fc.double(),
  fc.constant([]),
  fc.constant({}),
);

const gpsValue = fc.record(
  {
    ts: int,
    hdop: fc.double({ noNaN: true, noDefaultInfinity: true }),
    fix: int,
    view: int,
    stationary: fc.boolean(),
    lat: fc.oneof(
      fc.double({ min: -90, max: 90, noNaN: true }),
      fc.constantFrom(-90, 90, 90.000001, -90.000001, 91, 180),
    ),
    lon: fc.oneof(
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.constantFrom(-180, 180, 180.000001, -180.000001, 181),
    ),
    calculated: fc.boolean(),
  },
  { requiredKeys: [] },
);
const tempValue = fc.record({ ts: int, temperature: int }, { requiredKeys: [] });
const connValue = fc.record({ function: int, version: int }, { requiredKeys: [] });

const slice = fc
  .tuple(
    fc.record({
      channelUuid: uuid,
      channelName: fc.string(),
      gatewayUuid: uuid,
      gatewayName: fc.string(),
      nodeUuid: uuid,
      nodeName: fc.string(),
      sensorUuid: uuid,
      sensorName: fc.string(),
      ts: int,
    }),
    fc.oneof(
      fc.record({ type: fc.constant('GPS'), value: gpsValue }),
      fc.record({ type: fc.constant('TEMP'), value: tempValue }),
      fc.record({ type: fc.constant('CONN'), value: connValue }),
    ),
  )
  .map(([head, tail]) => ({ ...head, ...tail }) as Record<string, unknown>);

/** A message broken (or not) in one place: a field replaced, removed or added, at any depth. */
const mutated = fc
  .tuple(
    slice,
    fc.constantFrom(
      'channelUuid',
      'gatewayName',
      'sensorUuid',
      'ts',
      'type',
      'value',
      'extra',
      'value.ts',
      'value.lat',
      'value.temperature',
      'value.stationary',
      'value.function',
      'value.extra',
    ),
    anyValue,
  )
  .map(([item, path, replacement]) => {
    const [first, second] = path.split('.') as [string, string | undefined];
    const copy: Record<string, unknown> = { ...item, value: { ...(item.value as object) } };
    const target = second === undefined ? copy : (copy.value as Record<string, unknown>);
    const key = second ?? first;
    // Removing a field is replacing it with nothing (JSON has no undefined).
    const without = Object.fromEntries(Object.entries(target).filter(([k]) => k !== key));
    const changed = replacement === undefined ? without : { ...without, [key]: replacement };
    return second === undefined ? changed : { ...copy, value: changed };
  });

function ours(item: unknown): { ok: true; back: Timeslice } | { ok: false } {
  const dictionary = new Dictionary();
  try {
    const chunk = chunkOfNewestFirst([item], dictionary);
    return { ok: true, back: timesliceAt(chunk, 0, dictionary) };
  } catch {
    return { ok: false };
  }
}

describe('the columns check messages as the contract does', () => {
  it('accepts and refuses exactly what the Timeslice schema does, and stores what it parses', () => {
    fc.assert(
      fc.property(fc.oneof(slice, mutated), (item) => {
        const expected = Timeslice.safeParse(item);
        const actual = ours(item);
        expect(actual.ok).toBe(expected.success);
        if (actual.ok && expected.success) {
          // Same fields, same order: an export writes what the cloud sent.
          expect(JSON.stringify(actual.back)).toBe(JSON.stringify(expected.data));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('names the message and the field that broke the interface', () => {
    const good = {
      channelUuid: '6f1c1c2e-8d6b-4a43-9a3e-0d3b5a1c2f10',
      channelName: 'Cold chain',
      gatewayUuid: '6f1c1c2e-8d6b-4a43-9a3e-0d3b5a1c2f11',
      gatewayName: 'Gateway Noord',
      nodeUuid: '6f1c1c2e-8d6b-4a43-9a3e-0d3b5a1c2f12',
      nodeName: 'Reefer 01',
      sensorUuid: '6f1c1c2e-8d6b-4a43-9a3e-0d3b5a1c2f13',
      sensorName: 'temp',
      ts: 1000,
      type: 'TEMP',
      value: { temperature: -18 },
    };
    const bad = { ...good, ts: 999, value: { temperature: '-18' } };
    expect(() => chunkOfNewestFirst([good, bad], new Dictionary())).toThrow(
      'item 1: value.temperature must be a number',
    );
  });
});
