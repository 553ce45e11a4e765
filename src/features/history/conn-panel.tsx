import { useEngineAnswer, type RangeHistory } from '../../api/history-engine/use-range-history.ts';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import type { ConnChange } from '../../lib/history/conn-changes.ts';
import { formatInstant } from '../../lib/history/format-time.ts';
import { NothingYet, pendingOf } from './nothing-yet.tsx';

const show = (value: number | undefined) => (value === undefined ? '–' : String(value));
const keyOf = (change: ConnChange) => `${change.nodeUuid}-${change.since}`;

const columns: DataColumn<ConnChange>[] = [
  {
    header: 'Since',
    track: '215px',
    minWidth: 215,
    cell: (c) => formatInstant(c.since),
    sort: (c) => c.since,
  },
  {
    header: 'Node',
    track: 'minmax(110px, 1fr)',
    minWidth: 110,
    cell: (c) => c.nodeName,
    sort: (c) => c.nodeName,
  },
  {
    header: 'Function',
    track: '100px',
    minWidth: 100,
    align: 'end',
    cell: (c) => show(c.function),
  },
  { header: 'Version', track: '100px', minWidth: 100, align: 'end', cell: (c) => show(c.version) },
  {
    header: 'Last reported',
    track: '215px',
    minWidth: 215,
    cell: (c) => formatInstant(c.lastSeen),
    sort: (c) => c.lastSeen,
  },
];

/** Function and version of each node, as changes over time. */
export function ConnPanel({ history }: { history: RangeHistory }) {
  const answer = useEngineAnswer(history, { kind: 'conn' });
  const changes = answer.data ?? [];
  if (changes.length === 0) {
    return (
      <div aria-busy={!answer.settled}>
        <NothingYet what="connectivity messages" pending={pendingOf(history)} />
      </div>
    );
  }
  return (
    <div aria-busy={!answer.settled}>
      <DataTable
        rows={changes}
        columns={columns}
        label="Function and version changes"
        rowKey={keyOf}
        rowHeight={32}
        {...(changes.length > 8 ? { height: 320 } : {})}
      />
    </div>
  );
}
