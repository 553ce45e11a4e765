import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Services } from '../services.ts';
import type { Store } from '../store/store.ts';
import { demoGateways } from './gateway-network.ts';

/** Gateway serial → key, as the simulated gateways deliver with them. */
export type GatewayKeys = Record<string, string>;

const KeyFile = z.record(z.string(), z.string());

export const keyFileOf = (dataDir: string) => join(dataDir, 'simulator-keys.json');

/** The name of the keys among the shared secrets (PostgreSQL). */
const SHARED_KEYS = 'simulator-gateway-keys';

const parseKeys = (text: string | undefined): GatewayKeys => {
  if (text === undefined) return {};
  try {
    const parsed = KeyFile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

/**
 * Keeps the keys where every instance that may run the simulator finds them: in the shared
 * database on PostgreSQL (the simulator moves between instances, each with its own DATA_DIR), in
 * a file beside the SQLite database otherwise, readable by the cloud's user only. Never logged.
 */
export async function saveKeys(store: Store, dataDir: string, keys: GatewayKeys): Promise<void> {
  if (store.sharedSecrets) {
    await store.sharedSecrets.write(SHARED_KEYS, JSON.stringify(keys));
    return;
  }
  if (dataDir === ':memory:') return;
  const file = keyFileOf(dataDir);
  writeFileSync(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
}

async function loadKeys(store: Store, dataDir: string): Promise<GatewayKeys> {
  if (store.sharedSecrets) return parseKeys(await store.sharedSecrets.read(SHARED_KEYS));
  const file = keyFileOf(dataDir);
  if (dataDir === ':memory:' || !existsSync(file)) return {};
  return parseKeys(readFileSync(file, 'utf8'));
}

/**
 * The keys of the demo gateways that are registered. A key that is missing or no longer valid
 * (the file was lost, or someone issued a new key) is issued afresh and saved, in one
 * transaction, so the simulator can always deliver and an instance that takes it over finds
 * the keys in use.
 */
export function simulatorKeys(services: Services): Promise<GatewayKeys> {
  const { dataDir } = services.config;
  return services.store.transaction(async (tx) => {
    const stored = await loadKeys(tx, dataDir);
    const keys: GatewayKeys = {};
    let changed = false;
    for (const site of demoGateways) {
      const gateway = await tx.channels.findCommissioned(site.serial);
      if (!gateway || gateway.type !== 'GATEWAY') continue;
      const key = stored[site.serial];
      if (key !== undefined && (await tx.gatewayKeys.matches(gateway.id, key))) {
        keys[site.serial] = key;
      } else {
        keys[site.serial] = await tx.gatewayKeys.issue(gateway.id, services.now());
        changed = true;
      }
    }
    if (changed) await saveKeys(tx, dataDir, keys);
    return keys;
  });
}
