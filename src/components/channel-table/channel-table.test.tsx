import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { renderPage } from '../../test/render.tsx';
import { actionColumn, channelListColumns, nameColumn, statusColumn } from './channel-columns.tsx';
import { ChannelTable } from './channel-table.tsx';

const channel = (n: number, extra: Partial<ChannelRecord> = {}): ChannelRecord => ({
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  channelType: 'NODE',
  name: `Van ${String(n).padStart(2, '0')}`,
  active: true,
  ...extra,
});

// jsdom lays nothing out: the scroller reports the size a browser would give it.
function withViewport(height: number) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
}

describe('channel table', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the columns it is given, in order, with a cell per column in every row', () => {
    const remove = vi.fn();
    renderPage(
      <ChannelTable
        label="Members"
        channels={[channel(1), channel(2, { active: false })]}
        columns={[
          nameColumn(),
          statusColumn,
          actionColumn('Actions', 96, (c) => (
            <button type="button" onClick={() => remove(c.uuid)}>{`Remove ${c.name}`}</button>
          )),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Status', 'Actions']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const cells = within(rows[2] ?? table).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Van 02', 'Inactive', 'Remove Van 02']);
    expect(within(rows[1] ?? table).getByRole('link', { name: 'Van 01' })).toHaveAttribute(
      'href',
      `/channels/${channel(1).uuid}`,
    );
  });

  it('puts only the rows in view into the page, and tells assistive technology the whole size', () => {
    withViewport(440);
    const channels = Array.from({ length: 10_000 }, (_, i) => channel(i + 1));
    renderPage(
      <ChannelTable
        label="Channels"
        channels={channels}
        columns={channelListColumns}
        height={440}
      />,
    );
    const table = screen.getByRole('table', { name: 'Channels' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    const rows = within(table).getAllByRole('row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(6);
  });

  it('keeps every row of a list of hundreds in the page, where find-in-page reaches it', () => {
    withViewport(440);
    const channels = Array.from({ length: 1500 }, (_, i) => channel(i + 1));
    const { unmount } = renderPage(
      <ChannelTable label="Nodes" channels={channels.slice(0, 200)} columns={[nameColumn()]} />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(201);
    expect(screen.getByRole('link', { name: 'Van 200' })).toBeInTheDocument();
    unmount();

    // Beyond a thousand the table scrolls inside itself, a window of rows at a time.
    renderPage(<ChannelTable label="Nodes" channels={channels} columns={[nameColumn()]} />);
    expect(screen.getByRole('table', { name: 'Nodes' })).toHaveAttribute('aria-rowcount', '1501');
    expect(screen.getAllByRole('row').length).toBeLessThan(60);
  });
});
