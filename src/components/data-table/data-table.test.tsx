import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './data-table.tsx';

interface Day {
  day: string;
  stops: number;
}

const columns: DataColumn<Day>[] = [
  { header: 'Day', track: '128px', minWidth: 128, cell: (r) => r.day },
  { header: 'Stops', track: '80px', minWidth: 80, cell: (r) => r.stops },
  {
    header: 'Open',
    hideHeader: true,
    track: '80px',
    minWidth: 80,
    cell: (r) => <button type="button">Open {r.day}</button>,
  },
];

describe('DataTable', () => {
  it('gives a text cell its whole text as a tooltip, for when the column cuts it to "…"', () => {
    render(
      <MantineProvider env="test">
        <DataTable
          rows={[{ day: '2026-11-24', stops: 3 }]}
          columns={columns}
          label="Days"
          rowKey={(r) => r.day}
        />
      </MantineProvider>,
    );
    const cells = screen.getAllByRole('cell');
    expect(cells[0]).toHaveAttribute('title', '2026-11-24');
    expect(cells[1]).toHaveAttribute('title', '3');
    expect(cells[2]).not.toHaveAttribute('title');
  });

  it('keeps a row’s action beside its name, never over the last columns (Highest, Where)', () => {
    const sticky: DataColumn<Day>[] = [
      { header: 'Day', track: '128px', minWidth: 128, sticky: 'start', cell: (r) => r.day },
      { header: 'Stops', track: '80px', minWidth: 80, cell: (r) => r.stops },
      { header: 'Where', track: '195px', minWidth: 195, cell: () => 'Westpoort depot' },
      {
        header: 'Show',
        hideHeader: true,
        sticky: 'end',
        track: '90px',
        minWidth: 90,
        cell: (r) => <button type="button">Show {r.day}</button>,
      },
    ];
    render(
      <MantineProvider env="test">
        <DataTable
          rows={[{ day: '2026-11-24', stops: 3 }]}
          columns={sticky}
          label="Days"
          rowKey={(r) => r.day}
        />
      </MantineProvider>,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Day',
      'Show',
      'Stops',
      'Where',
    ]);
    const cells = screen.getAllByRole('cell');
    // Stuck right after the name, on the left; nothing is pinned to the right edge any more.
    expect(cells[1]).toHaveTextContent('Show 2026-11-24');
    expect(cells[1]).toHaveStyle({ left: '128px' });
    expect(cells[3]).toHaveTextContent('Westpoort depot');
    expect(cells[3]?.className).toBe('');
  });
});
