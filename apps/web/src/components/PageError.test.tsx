import { screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('reloads by itself once the server answers again, when its styles could not be fetched', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let up = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!up) throw new TypeError('Failed to fetch');
        return new Response('ok');
      }),
    );
    const reload = vi.fn();
    const Missing = lazy(() => Promise.reject(new Error('Unable to preload CSS for /assets/DateRange.css')));
    renderWithProviders(
      <ErrorBoundary fallbackRender={(props) => <PageError {...props} reload={reload} />}>
        <Suspense fallback="loading">
          <Missing />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error, please retry later');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).not.toHaveBeenCalled();
    up = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
