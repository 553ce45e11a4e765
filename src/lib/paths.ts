import type { ChannelType } from '../../contract/channel.ts';
import type { TimeSpan } from './history/split-range.ts';
import { rangeToSearch } from './history/time-range.ts';

/** `?a=1&b=2` of the parameters that are set, in the order given; '' when none is. */
function search(parameters: Record<string, string | undefined>): string {
  const set = Object.entries(parameters).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
  );
  return set.length === 0 ? '' : `?${new URLSearchParams(set)}`;
}

const segment = encodeURIComponent;

/**
 * Every page of the console, once: `pattern` is what the route table (src/app/router.tsx) mounts
 * the page at, `href` builds a link to it. Links, redirects and the end-to-end tests use these, so
 * a page that moves changes here and nowhere else.
 */
export const paths = {
  home: { pattern: '/', href: () => '/' },
  signIn: {
    pattern: '/sign-in',
    /** `returnTo`: where to go once signed in (a path inside the console, with its search). */
    href: (returnTo?: string) =>
      returnTo === undefined ? '/sign-in' : `/sign-in?returnTo=${encodeURIComponent(returnTo)}`,
  },
  /** Where the identity provider sends the browser back to (the OIDC redirect URI). */
  callback: { pattern: '/callback', href: () => '/callback' },
  fleet: { pattern: '/fleet', href: () => '/fleet' },
  channels: {
    pattern: '/channels',
    href: (filter: { type?: ChannelType; q?: string } = {}) =>
      `/channels${search({ type: filter.type, q: filter.q })}`,
  },
  channel: {
    pattern: '/channels/:channelUuid',
    href: (channelUuid: string) => `/channels/${segment(channelUuid)}`,
  },
  channelHistory: {
    pattern: '/channels/:channelUuid/history',
    /** Without a range the page shows the last 24 hours and writes that range into the URL. */
    href: (channelUuid: string, range?: TimeSpan) =>
      `/channels/${segment(channelUuid)}/history${range ? search(rangeToSearch(range)) : ''}`,
  },
  dailySummary: {
    pattern: '/channels/:channelUuid/daily',
    /** One row per node per day; without a range, the last 7 days, written into the URL. */
    href: (channelUuid: string, range?: TimeSpan) =>
      `/channels/${segment(channelUuid)}/daily${range ? search(rangeToSearch(range)) : ''}`,
  },
  groups: { pattern: '/groups', href: () => '/groups' },
  group: {
    pattern: '/groups/:groupUuid',
    href: (groupUuid: string) => `/groups/${segment(groupUuid)}`,
  },
  nodes: { pattern: '/nodes', href: () => '/nodes' },
  permissions: { pattern: '/permissions', href: () => '/permissions' },
  alarms: { pattern: '/alarms', href: () => '/alarms' },
  /** The person's own notification settings and delivery log. */
  notifications: { pattern: '/notifications', href: () => '/notifications' },
  /** People, for support: `person` opens one (their `sub`), `channel` checks their access to it. */
  people: {
    pattern: '/people',
    href: (chosen: { person?: string; channel?: string } = {}) =>
      `/people${search({ person: chosen.person, channel: chosen.channel })}`,
  },
  /** The audit trail; `channel` and `actor` narrow it. */
  activity: {
    pattern: '/activity',
    href: (filter: { channel?: string; actor?: string } = {}) =>
      `/activity${search({ channel: filter.channel, actor: filter.actor })}`,
  },
} as const;
