import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths.ts';
import { routes } from './router.tsx';

const uuid = '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b';

/** The pattern of the page a URL opens: the deepest route that matched it. */
function pageOf(href: string): string | undefined {
  const { pathname } = new URL(href, 'http://console.test');
  const matches = matchRoutes(routes, pathname) ?? [];
  const page = matches.at(-1)?.route;
  return page?.index ? paths.home.pattern : page?.path;
}

describe('route table', () => {
  it('mounts a page at every pattern of paths, and every link lands on its page', () => {
    const links: [keyof typeof paths, string][] = [
      ['home', paths.home.href()],
      ['signIn', paths.signIn.href('/groups?x=1')],
      ['callback', paths.callback.href()],
      ['fleet', paths.fleet.href()],
      ['channels', paths.channels.href({ type: 'GROUP', q: 'vans' })],
      ['channel', paths.channel.href(uuid)],
      ['channelHistory', paths.channelHistory.href(uuid, { from: 0, to: 86_400_000 })],
      ['dailySummary', paths.dailySummary.href(uuid, { from: 0, to: 86_400_000 })],
      ['groups', paths.groups.href()],
      ['group', paths.group.href(uuid)],
      ['nodes', paths.nodes.href()],
      ['permissions', paths.permissions.href()],
      ['alarms', paths.alarms.href()],
      ['notifications', paths.notifications.href()],
      ['people', paths.people.href({ person: 'sub-1', channel: uuid })],
      ['activity', paths.activity.href({ channel: uuid })],
    ];
    expect(links.map(([name]) => name).sort()).toEqual(Object.keys(paths).sort());
    for (const [name, href] of links) expect(pageOf(href), href).toBe(paths[name].pattern);
    expect(pageOf('/no-such-page')).toBe('*');
  });
});

describe('paths', () => {
  it('builds the URLs people share and bookmark', () => {
    expect(paths.channels.href({ type: 'GROUP', q: 'vans' })).toBe('/channels?type=GROUP&q=vans');
    expect(paths.channels.href({ q: '' })).toBe('/channels');
    expect(paths.channelHistory.href(uuid, { from: 0, to: 86_400_000 })).toBe(
      `/channels/${uuid}/history?from=1970-01-01T00%3A00%3A00.000Z&to=1970-01-02T00%3A00%3A00.000Z`,
    );
    expect(paths.signIn.href('/channels?type=GROUP&q=vans#top')).toBe(
      '/sign-in?returnTo=%2Fchannels%3Ftype%3DGROUP%26q%3Dvans%23top',
    );
  });

  it('keeps a crafted identifier inside its path segment', () => {
    expect(paths.channel.href('../permissions?x=1')).toBe('/channels/..%2Fpermissions%3Fx%3D1');
  });
});
