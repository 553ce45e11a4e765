import type { Timeslice } from '../../contract/timeslice.ts';
import type { ConsoleConfig } from '../config/config.ts';
import type { PageRequest } from '../lib/history/fetch-span.ts';

/**
 * The history operation as docs/decisions/ ("History") describes it, over an in-memory data set:
 * inclusive range, newest first, the newest `count` when the range holds more.
 */
export function fakeHistory(data: readonly Timeslice[]) {
  const sorted = data
    .map((item, order) => ({ item, order }))
    .sort((a, b) => b.item.ts - a.item.ts || b.order - a.order)
    .map(({ item }) => item);
  const requests: PageRequest[] = [];
  const fetchPage = async (request: PageRequest, _signal?: AbortSignal): Promise<Timeslice[]> => {
    requests.push(request);
    await Promise.resolve();
    return sorted
      .filter((item) => item.ts >= request.from && item.ts <= request.to)
      .slice(0, request.count);
  };
  return { fetchPage, requests };
}

export const testUuid = (n: number): string =>
  `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

type SliceFields = Partial<Omit<Timeslice, 'type' | 'value'>> &
  Pick<Timeslice, 'ts' | 'type' | 'value'>;

/** A timeslice with plausible names; only what a test states matters. */
export function slice(fields: SliceFields): Timeslice {
  return {
    channelUuid: testUuid(1),
    channelName: 'Group',
    gatewayUuid: testUuid(2),
    gatewayName: 'GW 1',
    nodeUuid: testUuid(3),
    nodeName: 'Van 07',
    sensorUuid: testUuid(4),
    sensorName: fields.type.toLowerCase(),
    ...fields,
  } as Timeslice;
}

/** A configuration without map tiles: maps in tests use the offline basemap. */
export const testConfig: ConsoleConfig = {
  apiBaseUrl: 'http://cloud.test',
  authMode: 'basic',
  oidc: null,
  mapTileUrl: '',
  mapAttribution: undefined,
};
