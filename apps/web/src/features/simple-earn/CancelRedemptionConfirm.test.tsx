import type { FlexibleHolding } from '@earn/domain/contract';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { CancelRedemptionConfirm } from './CancelRedemptionConfirm.js';

const holding = (frozen: string) => ({ asset: 'USDT', frozen_amount: frozen, frozen_status: 1 }) as FlexibleHolding;

let show: (h: FlexibleHolding | null) => void = () => {};
function Host() {
  const [h, setH] = useState<FlexibleHolding | null>(holding('300'));
  show = setH;
  return <CancelRedemptionConfirm holding={h} onClose={() => setH(null)} />;
}

describe('CancelRedemptionConfirm', () => {
  it('says what it cancels on both buttons, and keeps saying it while it closes', async () => {
    renderWithProviders(<Host />);
    await screen.findByText('Cancel the redemption of 300 USDT? It stays lent and keeps earning.');
    expect(screen.getByRole('button', { name: 'Keep redemption' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel redemption' })).toBeTruthy();
    // Cancelled: the holding is read again with nothing pending before the dialog closes.
    act(() => show(holding('0')));
    expect(screen.getByText('Cancel the redemption of 300 USDT? It stays lent and keeps earning.')).toBeTruthy();
    expect(screen.queryByText(/Keep 0 /)).toBeNull();
    act(() => show(null));
    expect(screen.queryByText(/Keep 0 /)).toBeNull();
  });
});
