import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { ChannelRangeFrame } from './channel-range-frame.tsx';
import { RangeHistoryView } from './range-history-view.tsx';

export { loader } from './channel-range-frame.tsx';

/** /channels/:channelUuid/history?from=…&to=… — charts, tracks, reports and raw data of any range. */
export function Component() {
  return (
    <ChannelRangeFrame
      title={(channel) => `History of ${channel.name}`}
      preset="24h"
      links={(channel, range) => (
        <Anchor component={Link} to={paths.dailySummary.href(channel.uuid, range)}>
          Daily summary
        </Anchor>
      )}
    >
      {(channel, range) => (
        <RangeHistoryView
          key={`${channel.uuid}|${range.from}|${range.to}`}
          channel={channel}
          range={range}
        />
      )}
    </ChannelRangeFrame>
  );
}
