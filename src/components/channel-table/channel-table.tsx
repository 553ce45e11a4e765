import type { ChannelRecord } from '../../../contract/channel.ts';
import { DataTable, type DataColumn } from '../data-table/data-table.tsx';

/** One column of a channel table (./channel-columns.tsx has the usual ones). */
export type ChannelColumn = DataColumn<ChannelRecord>;

const uuidOf = (channel: ChannelRecord) => channel.uuid;

/**
 * Channel records as a table with the columns given: a DataTable keyed by uuid, virtualised with a
 * `height` or past a thousand rows (../data-table/data-table.tsx).
 */
export function ChannelTable({
  channels,
  columns,
  label,
  height,
}: {
  channels: readonly ChannelRecord[];
  columns: readonly ChannelColumn[];
  label: string;
  height?: number | string;
}) {
  return (
    <DataTable
      rows={channels}
      columns={columns}
      label={label}
      rowKey={uuidOf}
      {...(height !== undefined ? { height } : {})}
    />
  );
}
