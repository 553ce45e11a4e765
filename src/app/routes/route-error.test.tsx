import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './route-error.tsx';

function Broken(): never {
  throw new Error(
    'Minified React error #185; visit https://react.dev/errors/185 for the full message',
  );
}

describe('a page that breaks', () => {
  it('says so in a person’s words, with the error code folded away as technical detail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, ErrorBoundary: RouteError },
    ]);
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The console ran into a problem it did not expect.');
    expect(screen.getByText(/Minified React error #185/)).not.toBeVisible();
    expect(screen.getByText('Technical details')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
