import { parseArgs } from 'node:util';
import { createTestCloud } from '../server/test/harness.ts';
import { buildWorld } from '../server/test/world.ts';
import { fuzz } from '../server/test/fuzzer.ts';
import { dataDirWithKnownKey, refusedBearers } from '../server/test/refused-tokens.ts';
import { rmSync } from 'node:fs';

/** `npm run fuzz -- --count 20000 [--seed 19]`: the hostile-caller fuzzer, longer than CI runs it. */
const { values } = parseArgs({
  options: { count: { type: 'string', default: '20000' }, seed: { type: 'string', default: '19' } },
});
const count = Number(values.count);
const seed = Number(values.seed);
const { dataDir, key } = dataDirWithKnownKey();
const cloud = await createTestCloud({ logLevel: 'silent', dataDir });
try {
  const world = await buildWorld(cloud);
  const { refused } = await refusedBearers(cloud, key);
  const started = performance.now();
  const report = await fuzz(cloud, world, { count, seed, refused });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${report.requests} requests over ${report.operations} operations in ${seconds.toFixed(0)} s (seed ${seed})`,
  );
  console.log(
    `answers: ${JSON.stringify(report.byStatus)}; streams ${JSON.stringify(report.streams)}`,
  );
  for (const problem of report.problems) console.log(`PROBLEM ${problem}`);
  process.exitCode = report.problems.length > 0 ? 1 : 0;
} finally {
  await cloud.close();
  rmSync(dataDir, { recursive: true, force: true });
}
