import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { renderPage } from '../test/render.tsx';
import { ApiErrorAlert } from './api-error-alert.tsx';

describe('what a person reads when the cloud is away or in trouble', () => {
  it('a 503 in the cloud’s own words: the cloud is having trouble, and why', async () => {
    const error = new ApiError(
      503,
      'SERVICE_UNAVAILABLE',
      'The database cannot be reached; try again in a few seconds.',
    );
    renderPage(<ApiErrorAlert error={error} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The cloud is having trouble');
    expect(alert).toHaveTextContent('The database cannot be reached');
    expect(alert).toHaveTextContent('This page asks again by itself.');
  });

  it('a change that met a 503 says it did not happen and the entry is kept', async () => {
    const error = new ApiError(503, 'SERVICE_UNAVAILABLE', 'The database cannot be reached.');
    renderPage(<ApiErrorAlert error={error} change />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This did not happen; what you entered is kept here.',
    );
  });

  it('no answer at all (or a proxy’s 503 page): the cloud cannot be reached', async () => {
    renderPage(
      <ApiErrorAlert error={new ApiError(503, 'UNKNOWN', 'The cloud answered HTTP 503.')} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The cloud cannot be reached');
  });
});
