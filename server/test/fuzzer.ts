import fc from 'fast-check';
import type { CallOptions, DemoUser, TestCloud } from './harness.ts';
import { databaseState } from './state.ts';
import type { World } from './world.ts';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: boolean;
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: unknown;
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
}

export interface FuzzReport {
  requests: number;
  operations: number;
  byStatus: Record<string, number>;
  /** What must not happen: a 5xx, an answer outside the contract, a refused request that changed data. */
  problems: string[];
}

const MUTATING = new Set(['post', 'put', 'patch', 'delete']);
const USERS: (DemoUser | null)[] = ['admin', 'fleet', 'support', 'acme', null];
const MISSING = '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b';

/** Every operation of the cloud's OpenAPI document, but streams (an inject never ends them). */
async function operationsOf(cloud: TestCloud): Promise<Operation[]> {
  const document = (await cloud.call('GET', '/v1/openapi.json', { as: null })).json as OpenApi;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => !op.responses?.['200']?.content?.['text/event-stream'])
      .map(([method, op]) => ({
        method,
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody !== undefined,
      })),
  );
}

const junk = fc.oneof(
  fc.constantFrom('', 'x', '0', '-1', '1e309', 'NaN', 'null', 'true', '[]', '{}', '%00', '../..'),
  fc.constantFrom("' OR 1=1 --", '<script>', 'é\u0000\uffff', 'a'.repeat(3_000)),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.constant(MISSING),
);

const jsonJunk: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ secret: junk, name: junk }, { requiredKeys: [] }),
  fc.record({ messages: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }) }),
);

/**
 * Requests over every operation of /v1/openapi.json, as every demo user and none, with values
 * that exist (the world's channel uuids) and values that do not, drawn from a fixed seed. Every
 * answer must be in the contract (the harness checks it) and below 500; a mutating request that
 * was not answered 2xx must leave the database as it was, and so must every read.
 */
export async function fuzz(
  cloud: TestCloud,
  world: World,
  options: { count: number; seed: number },
): Promise<FuzzReport> {
  const operations = await operationsOf(cloud);
  const uuids = [
    ...Object.values(world.groups).map((g) => g.uuid),
    ...Object.values(world.nodes).flatMap((n) => [n.node.uuid, n.sensors.temp, n.sensors.gps]),
    world.gateway.uuid,
  ];
  const value = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...uuids) }, junk);
  const request = fc.record({
    operation: fc.constantFrom(...operations),
    user: fc.constantFrom(...USERS),
    values: fc.array(value, { minLength: 8, maxLength: 8 }),
    omit: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    body: jsonJunk,
  });
  const report: FuzzReport = {
    requests: 0,
    operations: operations.length,
    byStatus: {},
    problems: [],
  };
  let state = await databaseState(cloud);
  let since = 0;
  const samples = fc.sample(request, { seed: options.seed, numRuns: options.count });
  for (const [i, { operation, user, values, omit, body }] of samples.entries()) {
    let url = operation.path;
    const query: Record<string, string> = {};
    operation.parameters.forEach((parameter, p) => {
      const text = values[p % values.length] ?? '';
      if (parameter.in === 'path')
        url = url.replace(`{${parameter.name}}`, encodeURIComponent(text));
      else if (parameter.in === 'query' && !omit[p % omit.length]) query[parameter.name] = text;
    });
    const call: CallOptions = { as: user, query };
    if (operation.body) call.body = body;
    const label = `#${i} ${operation.method.toUpperCase()} ${url} as ${user ?? 'nobody'}`;
    let status: number;
    try {
      status = (await cloud.call(operation.method.toUpperCase() as 'GET', url, call)).status;
    } catch (error) {
      report.problems.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    report.requests++;
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
    if (status >= 500) report.problems.push(`${label}: answered ${status}`);
    if (!MUTATING.has(operation.method)) continue;
    const now = await databaseState(cloud);
    const changed = JSON.stringify(now) !== JSON.stringify(state);
    if (changed && (status < 200 || status >= 300)) {
      report.problems.push(
        `${label}: answered ${status} but the database changed (since #${since})`,
      );
    }
    if (changed) state = now;
    since = i + 1;
  }
  if (JSON.stringify(await databaseState(cloud)) !== JSON.stringify(state)) {
    report.problems.push(`reads after #${since} changed the database`);
  }
  return report;
}
