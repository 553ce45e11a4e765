import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { HISTORY_COLUMNS_TYPE } from '../../contract/history-columns.ts';
import { describe, expect, it } from 'vitest';
import { T0, type TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { buildWorld } from '../test/world.ts';
import { ingest, temp } from '../test/fixtures.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

const admin = `Basic ${Buffer.from('admin:demo-admin').toString('base64')}`;

/** A GET as admin with these headers; the body as bytes, as they came over the wire. */
async function get(cloud: TestCloud, url: string, headers: Record<string, string> = {}) {
  const response = await cloud.app.inject({
    method: 'GET',
    url,
    headers: { authorization: admin, ...headers },
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

describe('compressed answers', () => {
  const suite = useCloud(buildWorld);

  it('answers the same listing raw, as gzip and as brotli, each as asked', async () => {
    const { cloud } = suite;
    const raw = await get(cloud, '/v1/channels');
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.bytes.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const gzip = await get(cloud, '/v1/channels', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.bytes).equals(raw.bytes)).toBe(true);
    expect(gzip.bytes.length).toBeLessThan(raw.bytes.length / 2);
    const br = await get(cloud, '/v1/channels', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes).equals(raw.bytes)).toBe(true);
  });

  it('answers the same history raw, as gzip and as brotli, as a list and as columns', async () => {
    const { cloud, data } = suite;
    // A page of history is compressed per request, at the fastest levels (compression.ts).
    const readings = Array.from({ length: 40 }, (_, i) =>
      temp('VAN-N', T0 - 120_000 - i * 1000, i),
    );
    const sent = await ingest(cloud, data.gateway, readings);
    expect(sent.status, sent.text).toBeLessThan(300);
    const url = `/v1/channels/${data.groups.north.uuid}/history?from=${T0 - 3_600_000}&to=${T0}`;
    for (const accept of ['application/json', HISTORY_COLUMNS_TYPE]) {
      const raw = await get(cloud, url, { accept });
      expect(raw.status).toBe(200);
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.bytes.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
      const gzip = await get(cloud, url, { accept, 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.bytes).equals(raw.bytes)).toBe(true);
      expect(gzip.bytes.length).toBeLessThan(raw.bytes.length / 2);
      const br = await get(cloud, url, { accept, 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.bytes).equals(raw.bytes)).toBe(true);
      expect(br.bytes.length).toBeLessThan(raw.bytes.length / 2);
    }
  });

  it('sends answers under 1 KB as they are', async () => {
    const { cloud, data } = suite;
    const small = await get(cloud, `/v1/channels/${data.nodes.n.node.uuid}`, {
      'accept-encoding': 'gzip, br',
    });
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.bytes.toString('utf8'))).toMatchObject({ name: 'Van North' });
  });
});

describe('ETag and 304 on listings and positions', () => {
  const suite = useCloud(buildWorld);

  it('answers 304 with no body for an unchanged listing, and 200 once it changed', async () => {
    const { cloud, data } = suite;
    const first = await get(cloud, '/v1/channels');
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await get(cloud, '/v1/channels', { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.etag).toBe(tag);

    // Compressed or not, it is the same answer: the weak tag matches either way.
    const compressed = await get(cloud, '/v1/channels', {
      'if-none-match': tag,
      'accept-encoding': 'br',
    });
    expect(compressed.status).toBe(304);

    // Another caller reaches less: a different answer, so no 304 for admin's tag.
    const fleet = await cloud.app.inject({
      method: 'GET',
      url: '/v1/channels',
      headers: {
        authorization: `Basic ${Buffer.from('fleet:demo-fleet').toString('base64')}`,
        'if-none-match': tag,
      },
    });
    expect(fleet.statusCode).toBe(200);

    const changed = await cloud.call('PUT', `/v1/channels/${data.nodes.n.node.uuid}/properties`, {
      query: { properties: '{"dock":7}' },
    });
    expect(changed.status, changed.text).toBeLessThan(300);
    const after = await get(cloud, '/v1/channels', { 'if-none-match': tag });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    const listed = JSON.parse(after.bytes.toString('utf8')) as {
      name: string;
      properties?: unknown;
    }[];
    expect(listed.find((record) => record.name === 'Van North')?.properties).toEqual({ dock: 7 });
  });

  it('answers 304 for unchanged positions and 200 when a reading arrived', async () => {
    const { cloud, data } = suite;
    const url = `/v1/positions?from=${T0 - 3_600_000}&to=${T0}`;
    const first = await get(cloud, url);
    expect(first.status).toBe(200);
    const tag = String(first.headers.etag);
    expect((await get(cloud, url, { 'if-none-match': tag })).status).toBe(304);
    expect((await get(cloud, url, { 'if-none-match': 'W/"another"' })).status).toBe(200);
    // A list of tags that names it counts too.
    expect((await get(cloud, url, { 'if-none-match': `W/"x", ${tag}` })).status).toBe(304);
    // Reach read again (the reach cache forgets every 10 s) gives the same answer: still 304.
    cloud.services.reach.changed();
    expect((await get(cloud, url, { 'if-none-match': tag })).status).toBe(304);
    const sent = await ingest(cloud, data.gateway, [temp('VAN-N', T0 - 10_000, 9)]);
    expect(sent.status, sent.text).toBeLessThan(300);
    const after = await get(cloud, url, { 'if-none-match': tag });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
  });

  it('sends a new range of unchanged positions whole, and a reading in it the next time', async () => {
    const { cloud, data } = suite;
    const ask = async (to: number) => {
      const answer = await get(cloud, `/v1/positions?from=${T0 - 3_600_000}&to=${to}`);
      expect(answer.status).toBe(200);
      // Sent in pieces: the length it announces is the length it sent.
      expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
      return JSON.parse(answer.bytes.toString('utf8')) as {
        to: number;
        nodes: { nodeName: string; temp?: { ts: number } }[];
      };
    };
    const first = await ask(T0);
    // Another range, the same nodes: the same nodes' text (kept), under this range's head.
    const second = await ask(T0 + 1);
    expect(second.to).toBe(T0 + 1);
    expect(second.nodes).toEqual(first.nodes);
    const sent = await ingest(cloud, data.gateway, [temp('VAN-N', T0 - 5_000, 11)]);
    expect(sent.status, sent.text).toBeLessThan(300);
    const third = await ask(T0 + 2);
    const north = third.nodes.find((node) => node.nodeName === 'Van North');
    expect(north?.temp?.ts).toBe(T0 - 5_000);
    expect(first.nodes.find((node) => node.nodeName === 'Van North')?.temp?.ts).toBeLessThan(
      T0 - 5_000,
    );
  });
});
