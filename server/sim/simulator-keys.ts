import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { gatewaySites } from './amsterdam.ts';

/** Gateway serial → key, as the simulated gateways deliver with them. */
export type GatewayKeys = Record<string, string>;

const KeyFile = z.record(z.string(), z.string());

export const keyFileOf = (dataDir: string) => join(dataDir, 'simulator-keys.json');

/** Keeps the keys beside the database, readable by the cloud's user only; never logged. */
export function saveKeys(dataDir: string, keys: GatewayKeys): void {
  if (dataDir === ':memory:') return;
  const file = keyFileOf(dataDir);
  writeFileSync(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
}

function loadKeys(dataDir: string): GatewayKeys {
  const file = keyFileOf(dataDir);
  if (dataDir === ':memory:' || !existsSync(file)) return {};
  const parsed = KeyFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : {};
}

/**
 * The keys of the demo gateways that are registered. A key that is missing or no longer valid
 * (the file was lost, or someone issued a new key) is issued afresh and saved, so the simulator
 * can always deliver.
 */
export async function simulatorKeys(services: Services): Promise<GatewayKeys> {
  const stored = loadKeys(services.config.dataDir);
  const { channels, gatewayKeys } = services.store;
  const keys: GatewayKeys = {};
  let changed = false;
  for (const site of gatewaySites) {
    const gateway = await channels.findCommissioned(site.serial);
    if (!gateway || gateway.type !== 'GATEWAY') continue;
    const key = stored[site.serial];
    if (key !== undefined && (await gatewayKeys.matches(gateway.id, key))) {
      keys[site.serial] = key;
    } else {
      keys[site.serial] = await gatewayKeys.issue(gateway.id, services.now());
      changed = true;
    }
  }
  if (changed) saveKeys(services.config.dataDir, keys);
  return keys;
}
