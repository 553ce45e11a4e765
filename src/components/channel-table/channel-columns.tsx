import { Anchor, Badge, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { extensionsQuery } from '../../api/extensions.ts';
import { pushHealthListQuery } from '../../api/push-health.ts';
import { t } from '../../i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { lastAnswer } from '../../lib/push-answer.ts';
import { ActiveBadge, ChannelTypeBadge, PushBadge } from '../channel-badges.tsx';
import type { ChannelColumn } from './channel-table.tsx';

// Headers are getters: the words are looked up when a table renders, in the current language.

/** The name, linking to the channel's page (or, say, a group's members page). */
export function nameColumn(
  href: (channel: ChannelRecord) => string = (channel) => paths.channel.href(channel.uuid),
): ChannelColumn {
  return {
    get header() {
      return t('columns.name');
    },
    track: 'minmax(160px, 2fr)',
    minWidth: 160,
    phone: 'title',
    cell: (channel) => (
      <Anchor component={Link} to={href(channel)} size="sm" fw={500}>
        {channel.name}
      </Anchor>
    ),
  };
}

/** The badges' widths fit "GATEWAY", "INACTIVE" and "PUSH ON" (e2e/console-layout.spec.ts). */
export const typeColumn: ChannelColumn = {
  get header() {
    return t('columns.type');
  },
  track: '116px',
  minWidth: 116,
  phone: 'main',
  cell: (channel) => <ChannelTypeBadge type={channel.channelType} />,
};

export const statusColumn: ChannelColumn = {
  get header() {
    return t('columns.status');
  },
  track: '124px',
  minWidth: 124,
  phone: 'main',
  cell: (channel) => <ActiveBadge active={channel.active} />,
};

/** Node and gateway serials; a long one is cut, and shown whole on hover. */
export function serialColumn(minWidth = 112): ChannelColumn {
  return {
    get header() {
      return t('columns.serial');
    },
    track: `minmax(${minWidth}px, 1fr)`,
    minWidth,
    phone: 'main',
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
    header: t('columns.nameTenant'),
    cell: (channel) => (
      <>
        {name.cell(channel)}
        {channel.tenant !== undefined && (
          <Text
            span
            size="xs"
            c="dimmed"
            ml={6}
            title={t('columns.tenantTitle', { tenant: channel.tenant })}
          >
            <VisuallyHidden>{t('columns.tenantHidden')} </VisuallyHidden>
            {channel.tenant}
          </Text>
        )}
      </>
    ),
  };
  return [withTenant, ...rest];
}

/**
 * Push on, or failing in red with the receiver's last answer (our cloud's push health,
 * docs/decisions/0072-push-health.md). One listing of health serves every row.
 */
function PushCell({ channel }: { channel: ChannelRecord }) {
  const { data: extensions } = useQuery(extensionsQuery());
  const { data: health } = useQuery({
    ...pushHealthListQuery(),
    enabled: extensions?.pushHealth === true && channel.pushURL !== undefined,
  });
  const mine = health?.find((each) => each.channelUuid === channel.uuid);
  if (!channel.pushURL || !mine?.failing) return <PushBadge pushURL={channel.pushURL} />;
  const answer = lastAnswer(mine);
  return (
    <Stack gap={0} miw={0}>
      <Badge color="red" variant="filled" size="sm">
        {t('pushHealth.failingBadge')}
      </Badge>
      <Text size="xs" c="red.8" truncate title={answer}>
        {answer}
      </Text>
    </Stack>
  );
}

export const pushColumn: ChannelColumn = {
  get header() {
    return t('columns.push');
  },
  track: 'minmax(104px, 160px)',
  minWidth: 104,
  // On the Channels page's cards, a tap away; the groups' cards show it (groups-page.tsx).
  phone: 'more',
  cell: (channel) => <PushCell channel={channel} />,
};

const propertiesColumn: ChannelColumn = {
  get header() {
    return t('columns.properties');
  },
  track: '108px',
  minWidth: 108,
  phone: 'more',
  cell: (channel) => {
    const count = channel.properties ? Object.keys(channel.properties).length : 0;
    return (
      <Text size="sm" c={count > 0 ? undefined : 'dimmed'}>
        {count > 0 ? t('columns.keys', { count }) : '—'}
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
  return {
    header,
    hideHeader: true,
    track: `${width}px`,
    minWidth: width,
    align: 'end',
    phone: 'action',
    cell,
  };
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
