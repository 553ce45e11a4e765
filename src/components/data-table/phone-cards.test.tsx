import { fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './data-table.tsx';
import { phoneRoles } from './phone-cards.tsx';

interface Stop {
  node: string;
  arrived: string;
  place: string;
  minutes: number;
}

const columns: DataColumn<Stop>[] = [
  { header: 'Node', track: '125px', minWidth: 125, phone: 'omit', cell: (s) => s.node },
  { header: 'Arrived', track: '235px', minWidth: 235, phone: 'title', cell: (s) => s.arrived },
  {
    header: 'Duration',
    track: '125px',
    minWidth: 125,
    phone: 'more',
    cell: (s) => `${s.minutes} min`,
    sort: (s) => s.minutes,
  },
  { header: 'Place', track: '195px', minWidth: 195, phone: 'main', cell: (s) => s.place },
  {
    header: 'Show',
    hideHeader: true,
    track: '90px',
    minWidth: 90,
    cell: (s) => <button type="button">Show {s.arrived}</button>,
  },
];

const rows: Stop[] = [
  { node: 'Van 03', arrived: '30 Nov 09:12', place: 'Dam customers', minutes: 40 },
  { node: 'Van 03', arrived: '30 Nov 11:40', place: 'Westpoort depot', minutes: 5 },
  { node: 'Van 03', arrived: '30 Nov 14:02', place: 'Dam customers', minutes: 25 },
];

/** A screen as wide as `px`: the media queries the data table asks answer as a browser would. */
function screenWidth(px: number) {
  window.matchMedia = (query: string) =>
    ({
      matches: Number(/max-width: ([\d.]+)px/.exec(query)?.[1] ?? 0) >= px,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

const original = window.matchMedia;
beforeEach(() => screenWidth(390));
afterEach(() => {
  window.matchMedia = original;
});

function renderStops() {
  render(
    <MantineProvider env="test">
      <DataTable rows={rows} columns={columns} label="Stops" rowKey={(s) => s.arrived} />
    </MantineProvider>,
  );
}

describe('DataTable on a phone', () => {
  it('is a list of cards: the title and the action on top, the main fields, the rest behind More', () => {
    renderStops();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Stops' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const [first] = cards;
    if (!first) throw new Error('no card');
    expect(first).toHaveTextContent('30 Nov 09:12');
    expect(within(first).getByRole('button', { name: 'Show 30 Nov 09:12' })).toBeVisible();
    expect(within(first).getByText('Place').nextSibling).toHaveTextContent('Dam customers');
    // The node every row repeats is left out; the duration is a tap away.
    expect(first).not.toHaveTextContent('Van 03');
    const more = within(first).getByText('More (1)');
    expect(more.closest('details')).not.toHaveAttribute('open');
    expect(within(first).getByText('40 min').closest('details')).toBe(more.closest('details'));
  });

  it('sorts by a choice above the cards, as the table sorts by its headers', () => {
    renderStops();
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), {
      target: { value: 'ascending:Duration' },
    });
    const cards = within(screen.getByRole('list', { name: 'Stops' })).getAllByRole('listitem');
    expect(cards.map((card) => card.querySelector('.tc-card-title')?.textContent)).toEqual([
      '30 Nov 11:40',
      '30 Nov 14:02',
      '30 Nov 09:12',
    ]);
  });

  it('stays a table on a screen wide enough for its columns', () => {
    screenWidth(1280);
    renderStops();
    expect(screen.getByRole('table', { name: 'Stops' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')).toHaveLength(5);
  });

  it('guesses the parts of columns that do not say: name, action, two fields, the rest', () => {
    const plain: DataColumn<Stop>[] = columns.map(({ phone: _, ...column }) => column);
    const roles = [...phoneRoles(plain).values()];
    expect(roles).toEqual(['title', 'main', 'main', 'more', 'action']);
  });
});
