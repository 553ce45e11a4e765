import { Anchor, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { Link } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { ActiveBadge, ChannelTypeBadge, PushBadge } from '../../components/channel-badges.tsx';

const ROW_HEIGHT = 44;
/**
 * Fixed columns fit their widest badge ("GATEWAY", "INACTIVE", "PUSH ON") with the cell's padding,
 * measured in the system fonts of both themes; every row is its own grid, so widths cannot follow
 * the content. Narrower than the minimum, the table scrolls sideways instead of cutting cells.
 */
export const channelColumns = 'minmax(160px, 2fr) 116px 124px minmax(112px, 1fr) 104px 108px';
const MIN_WIDTH = 160 + 116 + 124 + 112 + 104 + 108;

function ChannelRow({ channel }: { channel: ChannelRecord }) {
  const propertyCount = channel.properties ? Object.keys(channel.properties).length : 0;
  return (
    <>
      <div role="cell">
        <Anchor component={Link} to={`/channels/${channel.uuid}`} size="sm" fw={500}>
          {channel.name}
        </Anchor>
      </div>
      <div role="cell">
        <ChannelTypeBadge type={channel.channelType} />
      </div>
      <div role="cell">
        <ActiveBadge active={channel.active} />
      </div>
      <div role="cell">
        <Text size="sm" ff="monospace" truncate title={channel.reference} className="tc-nowrap">
          {channel.reference ?? '—'}
        </Text>
      </div>
      <div role="cell">
        <PushBadge pushURL={channel.pushURL} />
      </div>
      <div role="cell">
        <Text size="sm" c={propertyCount > 0 ? undefined : 'dimmed'}>
          {propertyCount > 0 ? `${propertyCount} ${propertyCount === 1 ? 'key' : 'keys'}` : '—'}
        </Text>
      </div>
    </>
  );
}

export function ChannelTableHeader() {
  return (
    <div role="rowgroup">
      <div
        role="row"
        aria-rowindex={1}
        className="tc-row tc-head"
        style={{ gridTemplateColumns: channelColumns, height: 36, minWidth: MIN_WIDTH }}
      >
        <div role="columnheader">Name</div>
        <div role="columnheader">Type</div>
        <div role="columnheader">Status</div>
        <div role="columnheader">Serial</div>
        <div role="columnheader">Push</div>
        <div role="columnheader">Properties</div>
      </div>
    </div>
  );
}

/**
 * Only the rows in view are in the DOM, so 10000+ channels scroll and filter as smoothly as 50.
 * The table semantics stay whole: aria-rowcount and aria-rowindex tell assistive technology the
 * full size and each row's place.
 */
export function ChannelTable({
  channels,
  label,
  height,
}: {
  channels: readonly ChannelRecord[];
  label: string;
  height: number | string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- nothing here is memoized by the compiler
  const virtualizer = useVirtualizer({
    count: channels.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => channels[index]?.uuid ?? index,
  });

  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={label}
      aria-rowcount={channels.length + 1}
      style={{ height, overflow: 'auto', position: 'relative' }}
      // The scroller holds focusable links; as a region it can also be scrolled by keyboard.
      tabIndex={-1}
    >
      <ChannelTableHeader />
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const channel = channels[item.index];
          if (channel === undefined) return null;
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              className="tc-row"
              style={{
                gridTemplateColumns: channelColumns,
                minWidth: MIN_WIDTH,
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <ChannelRow channel={channel} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
