import { fireEvent, render, screen } from '@testing-library/react';
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

/** A row's name and its action sticky, with a wide column (Where) between them and the end. */
const stickyColumns: DataColumn<Day>[] = [
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

/** One day's row in a table of `given` columns. */
function renderDays(given: DataColumn<Day>[]) {
  render(
    <MantineProvider env="test">
      <DataTable
        rows={[{ day: '2026-11-24', stops: 3 }]}
        columns={given}
        label="Days"
        rowKey={(r) => r.day}
      />
    </MantineProvider>,
  );
}

describe('DataTable', () => {
  it('gives a text cell its whole text as a tooltip, for when the column cuts it to "…"', () => {
    renderDays(columns);
    const cells = screen.getAllByRole('cell');
    expect(cells[0]).toHaveAttribute('title', '2026-11-24');
    expect(cells[1]).toHaveAttribute('title', '3');
    expect(cells[2]).not.toHaveAttribute('title');
  });

  it('keeps a row’s action beside its name, never over the last columns (Highest, Where)', () => {
    renderDays(stickyColumns);
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

  describe('sticks the name and the action only while the widest other column fits beside them', () => {
    /** The cells that stick once a table `width` wide is scrolled sideways. */
    const stuckAt = (width: number) => {
      renderDays(stickyColumns);
      const table = screen.getByRole('table', { name: 'Days' });
      Object.defineProperty(table, 'clientWidth', { configurable: true, value: width });
      table.scrollLeft = 40;
      fireEvent.scroll(table);
      expect(table).toHaveClass('tc-sideways');
      return screen
        .getAllByRole('cell')
        .filter((cell) => cell.className.includes('tc-sticky-start'))
        .map((cell) => cell.textContent);
    };

    it('both on a wide table (128 + 90 + 195 ≤ 1000)', () => {
      expect(stuckAt(1000)).toEqual(['2026-11-24', 'Show 2026-11-24']);
    });
    it('the name alone on a phone (128 + 90 + 195 > 358 ≥ 128 + 195)', () => {
      expect(stuckAt(358)).toEqual(['2026-11-24']);
      expect(screen.getByRole('button', { name: 'Show 2026-11-24' }).parentElement).not.toHaveStyle(
        { left: '128px' },
      );
    });
    it('neither where the name and Where do not fit side by side (300 < 128 + 195)', () => {
      expect(stuckAt(300)).toEqual([]);
    });
  });

  it('sticks columns only while scrolled sideways: at the left edge they are where they stand', () => {
    renderDays(stickyColumns);
    const table = screen.getByRole('table', { name: 'Days' });
    // Sticky cells are compositor layers of their own (global.css): none before the first scroll.
    expect(table).not.toHaveClass('tc-sideways');
    Object.defineProperty(table, 'clientWidth', { configurable: true, value: 1000 });
    table.scrollTop = 30;
    fireEvent.scroll(table);
    expect(table).not.toHaveClass('tc-sideways');
    table.scrollLeft = 40;
    fireEvent.scroll(table);
    expect(table).toHaveClass('tc-sideways');
    table.scrollLeft = 0;
    fireEvent.scroll(table);
    expect(table).not.toHaveClass('tc-sideways');
  });
});
