import { afterAll, beforeAll } from 'vitest';
import type { CloudConfig } from '../config.ts';
import { createTestCloud, type TestCloud } from './harness.ts';

export interface Suite<T> {
  cloud: TestCloud;
  /** What `setup` built, e.g. a World. */
  data: T;
}

/**
 * One cloud for the tests of a describe block: built before them (then `setup` runs against it),
 * closed after them. Read `suite.cloud` and `suite.data` inside tests, not at collection time.
 */
export function useCloud<T = undefined>(
  setup?: (cloud: TestCloud) => Promise<T>,
  overrides: Partial<CloudConfig> = {},
): Suite<T> {
  const suite = {} as Suite<T>;
  beforeAll(async () => {
    suite.cloud = await createTestCloud(overrides);
    suite.data = (setup ? await setup(suite.cloud) : undefined) as T;
  });
  afterAll(() => suite.cloud.close());
  return suite;
}
