import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/i18n.ts';
import { PermissionMatrix } from './permission-matrix.tsx';

const permissions = {
  'demo:assets': ['READ', 'CREATE'],
  'demo:assets.history': ['READ'],
  'demo:weather': ['READ'],
} as const;

/** Issue 33: the table showed READ/CREATE and `assets.history` and nothing in words. */
describe('the permissions table', () => {
  it('names operations and object types in words, the technical name beneath', () => {
    applyLanguage('nl', ['nl-NL']);
    render(
      <MantineProvider>
        <PermissionMatrix permissions={permissions} />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Rechten in tenant demo' });
    const read = within(table).getByRole('columnheader', { name: /^Lezen/ });
    expect(read).toHaveTextContent('LezenREAD');
    expect(within(table).getByRole('columnheader', { name: /^Aanmaken/ })).toBeVisible();
    const history = within(table).getByRole('cell', { name: /^Geschiedenis van nodes/ });
    expect(history).toHaveTextContent('Geschiedenis van nodes en sensorenassets.history');
    // A cloud's own object type the console has no words for keeps its name.
    expect(within(table).getByRole('cell', { name: 'weather' })).toBeVisible();
  });
});
