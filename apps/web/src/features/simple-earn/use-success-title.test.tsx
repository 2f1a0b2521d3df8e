import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { useSuccessTitle } from './use-success-title.js';

afterEach(() => vi.unstubAllGlobals());

function Title() {
  return <h1>{useSuccessTitle()}</h1>;
}

const reader = (region: string) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ code: 0, data: { uid: 1, region, mode: 'classic' } })),
  );

describe('the subscription success title', () => {
  it('is a submission for a US reader (spec)', async () => {
    reader('US');
    renderWithProviders(<Title />);
    expect(await screen.findByRole('heading', { name: 'Submitted' })).toBeTruthy();
  });

  it('is a subscription for others', async () => {
    reader('SG');
    renderWithProviders(<Title />);
    expect(await screen.findByRole('heading', { name: 'Subscribed' })).toBeTruthy();
  });
});
