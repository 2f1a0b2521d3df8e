import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOpenedItem } from './use-opened-item.js';

interface Holding {
  asset: string;
  redeemable: string;
}

describe('the row a dialog is open on', () => {
  it('is the row as last read, and stays as last seen once it leaves the list', () => {
    const { result, rerender } = renderHook(({ list }: { list: Holding[] }) => useOpenedItem(list, (h) => h.asset), {
      initialProps: { list: [{ asset: 'USDT', redeemable: '1000' }] },
    });
    expect(result.current[0]).toBeNull();
    act(() => result.current[1]({ asset: 'USDT', redeemable: '1000' }));
    // Another tab redeemed 900: the refusal's fresh read shows in the open dialog.
    rerender({ list: [{ asset: 'USDT', redeemable: '100' }] });
    expect(result.current[0]).toEqual({ asset: 'USDT', redeemable: '100' });
    // All of it redeemed elsewhere: the dialog keeps what it showed, with its refusal, until closed.
    rerender({ list: [] });
    expect(result.current[0]).toEqual({ asset: 'USDT', redeemable: '100' });
    act(() => result.current[1](null));
    expect(result.current[0]).toBeNull();
    // Opened again on another row: that row, never the one before.
    rerender({ list: [{ asset: 'BTC', redeemable: '2' }] });
    act(() => result.current[1]({ asset: 'BTC', redeemable: '2' }));
    expect(result.current[0]).toEqual({ asset: 'BTC', redeemable: '2' });
  });
});
