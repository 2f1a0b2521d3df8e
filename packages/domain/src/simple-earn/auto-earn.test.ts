import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.js';
import { autoEarnSweepAmount, isAutoEarnOn, lendEarnAvailable } from './auto-earn.js';
import { lenderRateCap } from './clearing.js';

describe('auto-earn', () => {
  it('lets a coin’s own switch win over the all-coins switch', () => {
    expect([isAutoEarnOn(undefined, true), isAutoEarnOn(undefined, false)]).toEqual([true, false]);
    expect([isAutoEarnOn(0, true), isAutoEarnOn(1, false), isAutoEarnOn(1, true)]).toEqual([false, true, true]);
  });

  it('sweeps the balance less loans and what redemptions paid out, 6 places down, from the minimum', () => {
    const sweep = (balance: string, loan: string, kept: string, min = '1') =>
      autoEarnSweepAmount({ balance, loan, redeemedKept: kept, minLendAmount: min, places: 6 }).toFixed();
    expect(sweep('530', '0', '500')).toBe('30');
    expect(sweep('530', '20', '500')).toBe('10');
    expect(sweep('500.5', '0', '500')).toBe('0'); // below the minimum
    expect(sweep('1', '0', '0')).toBe('1'); // the minimum itself
    expect(sweep('10.1234567', '0', '0')).toBe('10.123456');
    expect(sweep('100', '0', '150')).toBe('0');
  });

  it('never sweeps more than is free', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.nat(1_000_000), (b, l, k) => {
        const amount = autoEarnSweepAmount({
          balance: String(b),
          loan: String(l),
          redeemedKept: String(k),
          minLendAmount: '1',
          places: 6,
        });
        return amount.gte(0) && amount.lte(Decimal.max(b - l - k, 0));
      }),
    );
  });

  it('lends only what is not borrowed', () => {
    expect(lendEarnAvailable('24500', '1500').toFixed()).toBe('23000');
    expect(lendEarnAvailable('100', '300').toFixed()).toBe('0');
  });
});

describe('the borrowers’ all-in bid', () => {
  it('caps the lenders’ rate at bid / (1 + fee), rounded down', () => {
    expect(lenderRateCap('0.0066', '0.1').toFixed()).toBe('0.006');
    expect(lenderRateCap('0.006', '0.1').toFixed()).toBe('0.005454545454545454');
    expect(lenderRateCap('0.05', '0').toFixed()).toBe('0.05');
  });
  it('never lets lender rate plus fee exceed the bid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (bidBps, feeBps) => {
        const bid = new Decimal(bidBps).div(10_000);
        const fee = new Decimal(feeBps).div(10_000);
        const cap = lenderRateCap(bid, fee);
        return cap.times(fee.plus(1)).lte(bid);
      }),
    );
  });
});
