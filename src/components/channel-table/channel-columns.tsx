import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { paths } from '../../lib/paths.ts';
import { ActiveBadge, ChannelTypeBadge, PushBadge } from '../channel-badges.tsx';
import type { ChannelColumn } from './channel-table.tsx';

/** The name, linking to the channel's page (or, say, a group's members page). */
export function nameColumn(
  href: (channel: ChannelRecord) => string = (channel) => paths.channel.href(channel.uuid),
): ChannelColumn {
  return {
    header: 'Name',
    track: 'minmax(160px, 2fr)',
    minWidth: 160,
    cell: (channel) => (
      <Anchor component={Link} to={href(channel)} size="sm" fw={500}>
        {channel.name}
      </Anchor>
    ),
  };
}

/** The badges' widths fit "GATEWAY", "INACTIVE" and "PUSH ON" (e2e/console-layout.spec.ts). */
export const typeColumn: ChannelColumn = {
  header: 'Type',
  track: '116px',
  minWidth: 116,
  cell: (channel) => <ChannelTypeBadge type={channel.channelType} />,
};

export const statusColumn: ChannelColumn = {
  header: 'Status',
  track: '124px',
  minWidth: 124,
  cell: (channel) => <ActiveBadge active={channel.active} />,
};

/** Node and gateway serials; a long one is cut, and shown whole on hover. */
export function serialColumn(minWidth = 112): ChannelColumn {
  return {
    header: 'Serial',
    track: `minmax(${minWidth}px, 1fr)`,
    minWidth,
    cell: (channel) => (
      <Text size="sm" ff="monospace" truncate title={channel.reference} className="tc-nowrap">
        {channel.reference ?? '—'}
      </Text>
    ),
  };
}

/** The tenants of a listing, sorted; empty when the cloud does not say them. */
export function tenantsIn(channels: readonly ChannelRecord[]): string[] {
  const tenants = new Set<string>();
  for (const channel of channels) if (channel.tenant !== undefined) tenants.add(channel.tenant);
  return [...tenants].sort();
}

/**
 * The columns with each name followed by its tenant (our cloud's `tenant` field) when the listing
 * holds channels of several tenants: two groups called "Acme trucks" of two tenants are then told
 * apart. Beside the name rather than in a column of its own, so a tablet's table keeps its width.
 */
export function withTenantColumn(
  columns: readonly ChannelColumn[],
  channels: readonly ChannelRecord[],
): readonly ChannelColumn[] {
  const [name, ...rest] = columns;
  if (!name || tenantsIn(channels).length < 2) return columns;
  const withTenant: ChannelColumn = {
    ...name,
    header: 'Name · tenant',
    cell: (channel) => (
      <>
        {name.cell(channel)}
        {channel.tenant !== undefined && (
          <Text span size="xs" c="dimmed" ml={6} title={`Tenant ${channel.tenant}`}>
            <VisuallyHidden>tenant </VisuallyHidden>
            {channel.tenant}
          </Text>
        )}
      </>
    ),
  };
  return [withTenant, ...rest];
}

export const pushColumn: ChannelColumn = {
  header: 'Push',
  track: '104px',
  minWidth: 104,
  cell: (channel) => <PushBadge pushURL={channel.pushURL} />,
};

const propertiesColumn: ChannelColumn = {
  header: 'Properties',
  track: '108px',
  minWidth: 108,
  cell: (channel) => {
    const count = channel.properties ? Object.keys(channel.properties).length : 0;
    return (
      <Text size="sm" c={count > 0 ? undefined : 'dimmed'}>
        {count > 0 ? `${count} ${count === 1 ? 'key' : 'keys'}` : '—'}
      </Text>
    );
  },
};

/** A column of one control per row, such as a Remove button; its header is for screen readers. */
export function actionColumn(
  header: string,
  width: number,
  cell: ChannelColumn['cell'],
): ChannelColumn {
  return { header, hideHeader: true, track: `${width}px`, minWidth: width, align: 'end', cell };
}

/** Every field of the listing: the Channels page. */
export const channelListColumns: readonly ChannelColumn[] = [
  nameColumn(),
  typeColumn,
  statusColumn,
  serialColumn(),
  pushColumn,
  propertiesColumn,
];
