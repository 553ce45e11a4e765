import fc from 'fast-check';
import type { CallOptions, DemoUser, TestCloud } from './harness.ts';
import { databaseState } from './state.ts';
import type { World } from './world.ts';
import { streamAnswer } from './stream-status.ts';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
}
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: boolean;
  /** A live stream (text/event-stream): asked for its status, then let go. */
  stream: boolean;
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
  /** Live-stream requests that opened (200) and that were refused. */
  streams: { opened: number; refused: number };
  /** What must not happen: a 5xx, an answer outside the contract, a refused request that changed data. */
  problems: string[];
}

const MUTATING = new Set(['post', 'put', 'patch', 'delete']);
const USERS: (DemoUser | null)[] = ['admin', 'fleet', 'support', 'acme', null];
/** A demo user, nobody, or a credential the API must refuse (named). */
type Caller = DemoUser | null | { refused: string };

const uuidsOf = (
  world: World,
  groups: (keyof World['groups'])[],
  nodes: (keyof World['nodes'])[],
) => [
  ...groups.map((g) => world.groups[g].uuid),
  ...nodes.flatMap((n) => [
    world.nodes[n].node.uuid,
    world.nodes[n].sensors.temp,
    world.nodes[n].sensors.gps,
  ]),
];
const MISSING = '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b';
const TENANT: Record<DemoUser, string> = {
  admin: 'demo',
  fleet: 'demo',
  support: 'demo',
  acme: 'acme',
};

/**
 * Per tenant, the text of its rows (every table with a `tenant` column) without their
 * identities (columns named *uuid): names, serials, properties, push addresses, audit entries.
 * A uuid in there was written by that tenant's own requests, and may come back to them.
 */
function storedText(state: Record<string, string[]>): Map<string, string> {
  const byTenant = new Map<string, string>();
  for (const rows of Object.values(state)) {
    for (const line of rows) {
      const row = JSON.parse(line) as Record<string, unknown>;
      if (typeof row.tenant !== 'string') continue;
      const text = Object.entries(row)
        .filter(([column]) => !/uuid$/i.test(column))
        .map(([, value]) => JSON.stringify(value))
        .join('\n');
      byTenant.set(row.tenant, `${byTenant.get(row.tenant) ?? ''}\n${text}`);
    }
  }
  return byTenant;
}

/** Every operation of the cloud's OpenAPI document, live streams included. */
export async function operationsOf(cloud: TestCloud): Promise<Operation[]> {
  const document = (await cloud.call('GET', '/v1/openapi.json', { as: null })).json as OpenApi;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method,
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody !== undefined,
      stream: op.responses?.['200']?.content?.['text/event-stream'] !== undefined,
    })),
  );
}

const streamStatus = async (...args: Parameters<typeof streamAnswer>) =>
  (await streamAnswer(...args)).status;

const basicOf = (user: DemoUser) => ({
  authorization: `Basic ${Buffer.from(`${user}:demo-${user}`).toString('base64')}`,
});

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
  options: {
    count: number;
    seed: number;
    /** Credentials that must be answered exactly as none (refused-tokens.ts), by name. */
    refused?: Record<string, Record<string, string>>;
  },
): Promise<FuzzReport> {
  const operations = await operationsOf(cloud);
  const refused = options.refused ?? {};
  const callers: Caller[] = [...USERS, ...Object.keys(refused).map((name) => ({ refused: name }))];
  const demoUuids = uuidsOf(world, ['north', 'south', 'west'], ['n', 's', 'w', 'x']);
  demoUuids.push(world.gateway.uuid);
  const acmeUuids = uuidsOf(world, ['acme'], ['acme']);
  acmeUuids.push(world.acmeGateway.uuid);
  /** Uuids a user's 2xx answers must never hold: the other tenant's (acme has none of demo). */
  const foreign: Partial<Record<DemoUser, string[]>> = {
    acme: demoUuids,
    fleet: acmeUuids,
    support: acmeUuids,
  };
  const uuids = [
    ...Object.values(world.groups).map((g) => g.uuid),
    ...Object.values(world.nodes).flatMap((n) => [n.node.uuid, n.sensors.temp, n.sensors.gps]),
    world.gateway.uuid,
  ];
  const value = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...uuids) }, junk);
  const request = fc.record({
    operation: fc.constantFrom(...operations),
    user: fc.constantFrom(...callers),
    values: fc.array(value, { minLength: 8, maxLength: 8 }),
    omit: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    body: jsonJunk,
  });
  const report: FuzzReport = {
    requests: 0,
    operations: operations.length,
    byStatus: {},
    streams: { opened: 0, refused: 0 },
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
    const asRefused = user !== null && typeof user === 'object';
    const call: CallOptions = asRefused
      ? { as: null, query, headers: refused[user.refused] ?? {} }
      : { as: user, query };
    if (operation.body) call.body = body;
    const who = user === null ? 'nobody' : typeof user === 'object' ? user.refused : user;
    const label = `#${i} ${operation.method.toUpperCase()} ${url} as ${who}`;
    let status: number;
    let text = '';
    try {
      if (operation.stream) {
        const headers = asRefused
          ? (call.headers ?? {})
          : user === null
            ? {}
            : basicOf(user as DemoUser);
        status = await streamStatus(cloud, url, query, headers);
      } else {
        const answer = await cloud.call(operation.method.toUpperCase() as 'GET', url, call);
        status = answer.status;
        text = answer.text;
      }
      if (asRefused) {
        // A refused credential gets exactly what no credential gets.
        const nobody = operation.stream
          ? await streamStatus(cloud, url, query, {})
          : (
              await cloud.call(operation.method.toUpperCase() as 'GET', url, {
                ...call,
                headers: {},
              })
            ).status;
        if (nobody !== status) {
          report.problems.push(`${label}: answered ${status}, but ${nobody} without credentials`);
        }
      }
    } catch (error) {
      report.problems.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    report.requests++;
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
    if (status >= 500) report.problems.push(`${label}: answered ${status}`);
    if (operation.stream) report.streams[status === 200 ? 'opened' : 'refused']++;
    const named: DemoUser | undefined = typeof user === 'string' ? (user as DemoUser) : undefined;
    // Another tenant's uuid in a 2xx answer, unless this request's own input holds it (an
    // answer may echo what it was asked), or it is text the caller's tenant stored (a name or
    // serial an earlier request of theirs wrote, never an identity: storedText).
    const sent = url + JSON.stringify(query) + JSON.stringify(call.body ?? null);
    const candidates =
      status >= 200 && status < 300 && named
        ? (foreign[named] ?? []).filter((uuid) => text.includes(uuid) && !sent.includes(uuid))
        : [];
    if (named && candidates.length > 0) {
      const stored = storedText(state).get(TENANT[named]) ?? '';
      const leaked = candidates.find((uuid) => !stored.includes(uuid));
      if (leaked !== undefined) {
        report.problems.push(`${label}: a 2xx answer holds ${leaked} of another tenant`);
      }
    }
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
