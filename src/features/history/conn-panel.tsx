import { useEngineAnswer, type RangeHistory } from '../../api/history-engine/use-range-history.ts';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import type { ConnChange } from '../../lib/history/conn-changes.ts';
import { formatInstant } from '../../lib/history/format-time.ts';
import { NothingYet } from './nothing-yet.tsx';
import { useMemo } from 'react';
import { t } from '../../i18n/i18n.ts';

const show = (value: number | undefined) => (value === undefined ? '–' : String(value));
const keyOf = (change: ConnChange) => `${change.nodeUuid}-${change.since}`;

/** Built when the panel renders, so the headers are in the page's language. */
const connColumns = (): DataColumn<ConnChange>[] => [
  {
    header: t('readings.conn.since'),
    track: '215px',
    minWidth: 215,
    phone: 'title',
    cell: (c) => formatInstant(c.since),
    sort: (c) => c.since,
  },
  {
    header: t('readings.conn.node'),
    track: 'minmax(110px, 1fr)',
    minWidth: 110,
    phone: 'title',
    cell: (c) => c.nodeName,
    sort: (c) => c.nodeName,
  },
  {
    header: t('readings.conn.function'),
    track: '100px',
    minWidth: 100,
    align: 'end',
    phone: 'main',
    cell: (c) => show(c.function),
  },
  {
    header: t('readings.conn.version'),
    track: '100px',
    minWidth: 100,
    align: 'end',
    phone: 'main',
    cell: (c) => show(c.version),
  },
  {
    header: t('readings.conn.lastReported'),
    track: '215px',
    minWidth: 215,
    phone: 'main',
    cell: (c) => formatInstant(c.lastSeen),
    sort: (c) => c.lastSeen,
  },
];

/** Function and version of each node, as changes over time. */
export function ConnPanel({ history }: { history: RangeHistory }) {
  const answer = useEngineAnswer(history, { kind: 'conn' });
  const changes = answer.data ?? [];
  const columns = useMemo(() => connColumns(), []);
  if (changes.length === 0) {
    return (
      <div aria-busy={!answer.settled}>
        <NothingYet what="conn" history={history} />
      </div>
    );
  }
  return (
    <div aria-busy={!answer.settled}>
      <DataTable
        rows={changes}
        columns={columns}
        label={t('readings.conn.label')}
        rowKey={keyOf}
        rowHeight={32}
        {...(changes.length > 8 ? { height: 320 } : {})}
      />
    </div>
  );
}
