import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from './config.ts';
import { closeServices, createServices } from './services.ts';
import { openTestStore } from './test/test-store.ts';
import type { CloudLogger } from './cloud-logger.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('services without the app (the seeding scripts)', () => {
  it('leave nothing running once closed: no lease or event-log timer reads the closed store', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const config = testConfig({});
    const { store, close } = await openTestStore(config.dataDir);
    const warnings: string[] = [];
    const logger: CloudLogger = {
      info: () => undefined,
      warn: (_, message) => void warnings.push(message),
    };
    const services = await createServices(store, config, () => Date.now(), logger);
    await vi.advanceTimersByTimeAsync(6_000);

    await closeServices(services);
    await close();
    // Past several lease renewals and event-bus looks.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(warnings).toEqual([]);
  });
});
