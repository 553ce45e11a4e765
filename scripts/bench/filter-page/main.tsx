// The page scripts/bench/channel-filter.ts drives: the console's own virtualized channel table,
// and a plain table of every row for comparison, over the same synthetic listing.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/Badge.css';
import '../../../src/app/global.css';
import { MantineProvider } from '@mantine/core';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { filterChannels, indexChannels } from '../../../src/lib/channel-filter.ts';
import { channelListColumns } from '../../../src/components/channel-table/channel-columns.tsx';
import { ChannelTable } from '../../../src/components/channel-table/channel-table.tsx';

const COUNT = 10_000;
const types = ['NODE', 'SENSOR', 'SENSOR', 'SENSOR', 'GATEWAY', 'GROUP'] as const;
const channels: ChannelRecord[] = Array.from({ length: COUNT }, (_, i) => {
  const type = types[i % types.length] ?? 'NODE';
  const node = `Van ${String(Math.floor(i / 4)).padStart(4, '0')}`;
  return {
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    channelType: type,
    name: type === 'SENSOR' ? `${node}/${['temp', 'gps', 'conn'][i % 3]}` : node,
    reference:
      type === 'NODE' || type === 'GATEWAY' ? `TN-${String(i).padStart(6, '0')}` : undefined,
    active: i % 17 !== 0,
    pushInterval: 0,
    ...(i % 9 === 0 ? { pushURL: 'https://example.com/hook' } : {}),
    ...(i % 5 === 0 ? { properties: { site: 'north' } } : {}),
  };
});

function PlainTable({ rows }: { rows: readonly ChannelRecord[] }) {
  return (
    <table>
      <tbody>
        {rows.map((c) => (
          <tr key={c.uuid}>
            <td>
              <a href={`/channels/${c.uuid}`}>{c.name}</a>
            </td>
            <td>{c.channelType}</td>
            <td>{c.active ? 'Active' : 'Inactive'}</td>
            <td>{c.reference ?? '—'}</td>
            <td>{c.pushURL ? 'Push on' : '—'}</td>
            <td>{c.properties ? Object.keys(c.properties).length : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

let setFilter: (text: string) => void = () => undefined;

function Bench({ mode }: { mode: 'virtual' | 'plain' }) {
  const [text, setText] = useState('');
  setFilter = setText;
  const index = useMemo(() => indexChannels(channels), []);
  const rows = filterChannels(index, text);
  return mode === 'virtual' ? (
    <ChannelTable channels={rows} columns={channelListColumns} label="Channels" height={700} />
  ) : (
    <PlainTable rows={rows} />
  );
}

declare global {
  interface Window {
    runFilterBench: (mode: 'virtual' | 'plain', terms: string[]) => Promise<number[]>;
  }
}

const element = document.getElementById('root');
if (element === null) throw new Error('no root');
const root = createRoot(element);

/** One keystroke's work, as a person sees it: state change, render, commit and layout. */
window.runFilterBench = async (mode, terms) => {
  const router = createMemoryRouter([{ path: '*', element: <Bench mode={mode} /> }]);
  flushSync(() =>
    root.render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  const times: number[] = [];
  for (const term of terms) {
    const start = performance.now();
    flushSync(() => setFilter(term));
    void document.body.offsetHeight;
    times.push(performance.now() - start);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }
  flushSync(() => root.render(null));
  return times;
};
