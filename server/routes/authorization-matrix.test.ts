import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { useCloud } from '../test/lifecycle.ts';
import { operationsOf } from '../test/fuzzer.ts';
import { dataDirWithKnownKey, refusedBearers } from '../test/refused-tokens.ts';
import { buildMatrixWorld, modelOf } from '../test/authorization-world.ts';
import { afterSuccess, answerOf, cellsOf, personas, urlOf } from '../test/authorization-cells.ts';
import { verdictOf } from '../test/authorization-model.ts';
import { operationNeeds } from './operation-needs.ts';

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

/**
 * Issue 19's authorization matrix, generated from one table: every operation of
 * /v1/openapi.json × every object its row in operation-needs.ts speaks of × admin, fleet,
 * support, acme, nobody, and fleet's tokens the API must refuse (expired, another audience, an
 * ID token, a deleted user's). The expected answer of each cell is derived from the row and the
 * test's own written-out model of the world (authorization-model.ts), and compared with the
 * cloud's status and error code. The routes read the same rows, so the table cannot drift from
 * the code without this test saying which cell.
 */
describe('the authorization matrix, from operation-needs.ts', () => {
  const { dataDir, key } = dataDirWithKnownKey();
  const suite = useCloud(buildMatrixWorld, { dataDir, pushInbox: true, alarmHoldOffMinutes: 0 });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers every cell as its row says, status and error code', async () => {
    const { cloud, data: world } = suite;
    const operations = await operationsOf(cloud);
    const documented = new Set(operations.map((op) => `${op.method.toUpperCase()} ${op.path}`));
    // Every row is an operation of the document, but the two it leaves out: the document itself
    // and place names, offered only with GEOCODER_URL.
    expect(Object.keys(operationNeeds).filter((row) => !documented.has(row))).toEqual([
      'GET /v1/openapi.json',
      'GET /v1/places/reverse',
    ]);

    const { refused } = await refusedBearers(cloud, key);
    const callers = personas(refused);
    const cells = cellsOf(operations, world, callers);
    const model = modelOf(world);
    const wrong: string[] = [];
    const byStatus: Record<number, number> = {};
    for (const cell of cells) {
      const expected = verdictOf(
        model,
        cell.need,
        {
          user: cell.persona.user,
          path: cell.path,
          query: cell.query,
        },
        cell.persona.refused,
      );
      const { status, json } = await answerOf(cloud, cell, world);
      const code = (json as { status?: string } | undefined)?.status;
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      const codeWrong = status >= 400 && code !== CODES[status];
      if (status !== expected.status || codeWrong) {
        const query = new URLSearchParams(cell.query).toString();
        wrong.push(
          `${cell.persona.name} ${cell.method} ${urlOf(cell)}${query ? `?${query}` : ''}: ` +
            `the table says ${expected.status} (${expected.why}), the cloud ${status} ${code ?? ''}`,
        );
      }
      if (status >= 200 && status < 300) await afterSuccess(cloud, model, cell);
    }
    const operationsCovered = new Set(cells.map((cell) => cell.key));
    console.log(
      `authorization matrix: ${cells.length} cells, ${operationsCovered.size} operations × ` +
        `${callers.length} callers × their objects; answers ${JSON.stringify(byStatus)}`,
    );
    expect(wrong.slice(0, 40)).toEqual([]);
    expect([...operationsCovered].sort()).toEqual([...documented].sort());
    expect(callers.map((c) => c.name)).toEqual([
      'nobody',
      'an expired token',
      'a token for another audience',
      'an ID token',
      'a deleted user’s token',
      'support',
      'fleet',
      'admin',
      'acme',
    ]);
    // Each kind of answer occurs, so the matrix reaches past authentication in every direction.
    for (const status of [200, 400, 401, 403, 404, 409]) {
      expect(byStatus[status] ?? 0, `answers ${status}`).toBeGreaterThan(0);
    }
  }, 900_000);
});
