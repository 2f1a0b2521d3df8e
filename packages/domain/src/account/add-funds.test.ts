import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AddFundsContext, addFundsEntries, isUnifiedAccount } from './add-funds.js';

const base: AddFundsContext = {
  coin: 'GT',
  isUS: false,
  hiddenMenu: [],
  isDesktop: true,
  newCoinStartSec: 0,
  nowSec: 1_000,
  spotRestricted: false,
};

describe('addFundsEntries', () => {
  it('lists all four for a regular desktop user and an established coin', () => {
    expect(addFundsEntries(base)).toEqual(['deposit', 'express_buy', 'transfer', 'spot_trade']);
  });
  it('hides express buy and transfer for US users', () => {
    expect(addFundsEntries({ ...base, isUS: true })).toEqual(['deposit', 'spot_trade']);
  });
  it('hides express buy when compliance hides it', () => {
    expect(addFundsEntries({ ...base, hiddenMenu: ['express_buy'] })).toEqual(['deposit', 'transfer', 'spot_trade']);
  });
  it('shows transfer on desktop only', () => {
    expect(addFundsEntries({ ...base, isDesktop: false })).toEqual(['deposit', 'express_buy', 'spot_trade']);
  });
  it('hides spot trade for a new coin until its trading opens, and when spot is restricted', () => {
    expect(addFundsEntries({ ...base, newCoinStartSec: 1_001 })).not.toContain('spot_trade');
    expect(addFundsEntries({ ...base, newCoinStartSec: 1_000 })).toContain('spot_trade');
    expect(addFundsEntries({ ...base, spotRestricted: true })).not.toContain('spot_trade');
    // There is no USDT/USDT market.
    expect(addFundsEntries({ ...base, coin: 'usdt' })).not.toContain('spot_trade');
  });
  it('always offers on-chain deposit first', () => {
    fc.assert(
      fc.property(
        fc.record({
          coin: fc.constantFrom('GT', 'USDT', 'BTC'),
          isUS: fc.boolean(),
          hiddenMenu: fc.subarray(['express_buy', 'transfer']),
          isDesktop: fc.boolean(),
          newCoinStartSec: fc.nat(),
          nowSec: fc.nat(),
          spotRestricted: fc.boolean(),
        }),
        (ctx) => addFundsEntries(ctx)[0] === 'deposit',
      ),
    );
  });
});

describe('account mode', () => {
  it('is unified for every mode but classic', () => {
    expect(isUnifiedAccount('classic')).toBe(false);
    expect(isUnifiedAccount('multi_currency')).toBe(true);
    expect(isUnifiedAccount('single_currency')).toBe(true);
  });
});
