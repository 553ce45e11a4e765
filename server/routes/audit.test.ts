import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../contract/audit.ts';
import type { ChannelRecord } from '../../contract/channel.ts';
import type { TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { expectUnchanged } from '../test/state.ts';
import { buildWorld } from '../test/world.ts';
import { commission, createGroup, registerGateway } from '../test/fixtures.ts';
import { permissionSets } from '../cli/permission-sets.ts';

const fromConsole = { 'x-requested-with': 'XMLHttpRequest' };

async function audit(
  cloud: TestCloud,
  query: Record<string, string> = {},
  as: 'admin' | 'support' = 'admin',
): Promise<AuditPage> {
  const answer = await cloud.call('GET', '/v1/audit', { as, query });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as AuditPage;
}

const newest = async (cloud: TestCloud, query: Record<string, string> = {}) => {
  const [entry] = (await audit(cloud, { ...query, limit: '1' })).entries;
  if (!entry) throw new Error('no audit entry');
  return entry;
};

describe('audit trail', () => {
  const suite = useCloud(buildWorld);

  it('records properties set and removed with the values before and after', async () => {
    const { cloud, data } = suite;
    const node = data.nodes.n.node;
    const set = (properties: string) =>
      cloud.call('PUT', `/v1/channels/${node.uuid}/properties`, {
        query: { properties },
        headers: fromConsole,
      });
    cloud.clock.now += 1000;
    expectOk(await set('{"site":"north"}'));
    expectOk(await set('{"site":"south"}'));
    expectOk(await cloud.call('DELETE', `/v1/channels/${node.uuid}/properties`));
    const { entries } = await audit(cloud, { channel: node.uuid, limit: '3' });
    expect(entries.map((e) => [e.kind, e.before, e.after, e.origin])).toEqual([
      ['properties.removed', { site: 'south' }, null, 'script'],
      ['properties.set', { site: 'north' }, { site: 'south' }, 'console'],
      ['properties.set', null, { site: 'north' }, 'console'],
    ]);
    const [last] = entries;
    expect(last).toMatchObject({
      actor: 'admin',
      tenant: 'demo',
      at: cloud.clock.now,
      channel: { uuid: node.uuid, name: node.name },
      result: 'OK',
    });
  });

  it('records push set and removed, the secret only as changed or not', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.s.node.uuid;
    const put = (secret: string, interval: string) =>
      cloud.call('PUT', `/v1/channels/${uuid}/push`, {
        query: { to: 'https://receiver.example.com/hook', secret, interval },
      });
    expectOk(await put('first-secret-value', '0'));
    expectOk(await put('first-secret-value', '60'));
    expectOk(await put('second-secret-value', '60'));
    expectOk(await cloud.call('DELETE', `/v1/channels/${uuid}/push`));
    const page = await cloud.call('GET', '/v1/audit', { query: { channel: uuid } });
    expect(page.text).not.toMatch(/secret-value/);
    const { entries } = page.json as AuditPage;
    const to = 'https://receiver.example.com/hook';
    const pushes = entries.filter((e) => e.kind.startsWith('push.'));
    expect(pushes.map((e) => [e.kind, e.before, e.after])).toEqual([
      ['push.removed', { to, interval: 60 }, null],
      ['push.set', { to, interval: 60 }, { to, interval: 60, secret: 'changed' }],
      ['push.set', { to, interval: 0 }, { to, interval: 60, secret: 'unchanged' }],
      ['push.set', null, { to, interval: 0, secret: 'changed' }],
    ]);
  });

  it('records groups made, members added and removed, and emptying', async () => {
    const { cloud } = suite;
    const group = await createGroup(cloud, 'Audited group');
    const node = await commission(cloud, 'VAN-AUDIT', { name: 'Van Audit' });
    expectOk(await cloud.call('POST', `/v1/groups/${group.uuid}/${node.uuid}`));
    expectOk(await cloud.call('DELETE', `/v1/groups/${group.uuid}/${node.uuid}`));
    expectOk(await cloud.call('POST', `/v1/groups/${group.uuid}/${node.uuid}`));
    expectOk(await cloud.call('DELETE', `/v1/groups/${group.uuid}`));
    // Emptying an empty group changes nothing and leaves no entry.
    expectOk(await cloud.call('DELETE', `/v1/groups/${group.uuid}`));
    const ofGroup = (await audit(cloud, { channel: group.uuid })).entries;
    expect(ofGroup.map((e) => [e.kind, e.member?.name, e.result])).toEqual([
      ['group.emptied', undefined, '1 member removed'],
      ['group.member-added', 'Van Audit', 'OK'],
      ['group.member-removed', 'Van Audit', 'OK'],
      ['group.member-added', 'Van Audit', 'OK'],
      ['group.created', undefined, 'OK'],
    ]);
    // The node's own history holds the memberships too.
    const ofNode = (await audit(cloud, { channel: node.uuid })).entries.map((e) => e.kind);
    expect(ofNode).toEqual([
      'group.member-added',
      'group.member-removed',
      'group.member-added',
      'node.commissioned',
    ]);
  });

  it('records commissioning into a group, decommissioning and the groups it left', async () => {
    const { cloud, data } = suite;
    const node = await commission(cloud, 'VAN-GONE', {
      name: 'Van Gone',
      group: data.groups.west.uuid,
    });
    expect(await newest(cloud, { channel: node.uuid })).toMatchObject({
      kind: 'node.commissioned',
      after: { serial: 'VAN-GONE', name: 'Van Gone', group: 'West' },
    });
    expectOk(await cloud.call('DELETE', `/v1/nodes/${node.uuid}`));
    expect(await newest(cloud, { channel: node.uuid })).toMatchObject({
      kind: 'node.decommissioned',
      actor: 'admin',
      before: { active: true, groups: ['West'] },
      after: { active: false, groups: [] },
    });
  });

  it('records a gateway registered, never its key', async () => {
    const { cloud } = suite;
    const gateway = await registerGateway(cloud, 'GW-AUDIT');
    const entry = await newest(cloud, { kind: 'gateway.registered' });
    expect(entry).toMatchObject({ channel: { uuid: gateway.uuid }, after: { serial: 'GW-AUDIT' } });
    expect(JSON.stringify(entry)).not.toContain(gateway.key);
  });

  it('records what npm run permission-sets changed, per tenant, by the operator', async () => {
    const { cloud } = suite;
    await permissionSets(cloud.store, ['demo-support', 'West']);
    const entry = await newest(cloud, { kind: 'permission-set.groups' });
    expect(entry).toMatchObject({
      origin: 'operator',
      subject: 'demo-support',
      tenant: 'demo',
      before: [],
      after: ['West'],
    });
    expect(entry.actor).toMatch(/npm run permission-sets/);
    await permissionSets(cloud.store, ['demo-support', '--none']);
    expect(await newest(cloud, { kind: 'permission-set.groups' })).toMatchObject({
      before: ['West'],
      after: [],
    });
  });

  it('leaves no entry for a refused or bad change', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.n.node.uuid;
    await expectUnchanged(cloud, async () => {
      const query = { properties: '{"a":1}' };
      expectError(
        await cloud.call('PUT', `/v1/channels/${uuid}/properties`, { as: 'fleet', query }),
        403,
      );
      expectError(
        await cloud.call('PUT', `/v1/channels/${uuid}/properties`, { query: { properties: '[' } }),
        400,
      );
      expectError(await cloud.call('DELETE', `/v1/nodes/${uuid}`, { as: 'support' }), 403);
      expectError(await cloud.call('POST', '/v1/groups/North'), 409);
      expectError(await cloud.call('DELETE', `/v1/groups/${data.groups.south.uuid}/${uuid}`), 404);
      expectError(await cloud.call('POST', '/v1/nodes/VAN-N', { query: { name: 'Again' } }), 409);
    });
  });

  it('shows each tenant’s entries only to callers with READ on audit there', async () => {
    const { cloud } = suite;
    expectError(await cloud.call('GET', '/v1/audit', { as: 'fleet' }), 403, /READ on audit/);
    expectError(await cloud.call('GET', '/v1/audit', { as: 'acme' }), 403);
    const asSupport = await audit(cloud, {}, 'support');
    expect(asSupport.entries.length).toBeGreaterThan(0);
    expect(new Set(asSupport.entries.map((e) => e.tenant))).toEqual(new Set(['demo']));
    // acme's group was made in buildWorld, by acme, in tenant acme: nobody in demo reads it.
    const all = await collect(cloud, {});
    expect(all.some((e) => e.tenant === 'acme')).toBe(false);
    expectError(await cloud.call('GET', '/v1/audit', { query: { tenant: 'acme' } }), 403);
  });

  it('pages newest first with a cursor and filters by actor, kind and time', async () => {
    const { cloud } = suite;
    const all = await collect(cloud, {});
    const ids = all.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    const paged = await collect(cloud, { limit: '3' });
    expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect((await audit(cloud, { actor: 'fleet' })).entries).toEqual([]);
    const commissioned = await audit(cloud, { kind: 'node.commissioned' });
    expect(commissioned.entries.every((e) => e.kind === 'node.commissioned')).toBe(true);
    const at = all[0]?.at ?? 0;
    const inWindow = await audit(cloud, { from: String(at), to: String(at) });
    expect(inWindow.entries.length).toBeGreaterThan(0);
    expect(inWindow.entries.every((e) => e.at === at)).toBe(true);
    expectError(await cloud.call('GET', '/v1/audit', { query: { cursor: 'x' } }), 400);
    expectError(await cloud.call('GET', '/v1/audit', { query: { from: '5', to: '4' } }), 400);
    expectError(await cloud.call('GET', '/v1/audit', { query: { kind: 'other' } }), 400);
    expectError(await cloud.call('GET', '/v1/audit', { query: { limit: '1001' } }), 400);
  });

  it('drops entries older than the retention period, a piece at a time', async () => {
    const { cloud } = suite;
    const count = async () =>
      Number((await cloud.sql.all('SELECT count(*) AS n FROM audit_entries'))[0]?.n);
    const before = await count();
    const oldest = await cloud.sql.all('SELECT min(at) AS at FROM audit_entries');
    const { removed, more } = await cloud.store.audit.removeBefore(cloud.clock.now + 1, 2);
    expect([removed, more]).toEqual([2, true]);
    expect(await count()).toBe(before - 2);
    // Nothing made at or after the cut goes.
    expect(await cloud.store.audit.removeBefore(Number(oldest[0]?.at), 10)).toEqual({
      removed: 0,
      more: false,
    });
  });
});

describe('audit trail in a failing transaction', () => {
  const suite = useCloud(buildWorld);

  it('makes no change when its entry cannot be written', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.n.node.uuid;
    const info = async () =>
      ((await cloud.call('GET', `/v1/channels/${uuid}`)).json as ChannelRecord).properties;
    await cloud.sql.all('DROP TABLE audit_channels');
    // Past the contract check: a broken database is the one 5xx the document does not list.
    const answer = await cloud.app.inject({
      method: 'PUT',
      url: `/v1/channels/${uuid}/properties?properties=${encodeURIComponent('{"lost":true}')}`,
      headers: { authorization: `Basic ${Buffer.from('admin:demo-admin').toString('base64')}` },
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(500);
    expect(await info()).toBeUndefined();
    expect(
      await cloud.sql.all('SELECT id FROM audit_entries WHERE kind = ?', 'properties.set'),
    ).toEqual([]);
  });
});

async function collect(cloud: TestCloud, query: Record<string, string>): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const answer = await audit(cloud, { ...query, ...(cursor ? { cursor } : {}) });
    entries.push(...answer.entries);
    cursor = answer.next;
    if (cursor === undefined) return entries;
  }
  throw new Error('more than 100 pages');
}
