import { screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils.js';
import { PageError } from './PageError.js';

describe('PageError', () => {
  it('stands in for a page whose code could not be fetched, with a retry', async () => {
    const Missing = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js')));
    renderWithProviders(
      <ErrorBoundary FallbackComponent={PageError}>
        <Suspense fallback="loading">
          <Missing />
        </Suspense>
      </ErrorBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Network error, please retry later');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
