import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.js';
import { applyGate, changeOver, managementFee, nextSimulatedNav, unitsFor, unitsValue, wealthAxis } from './nav.js';

const units = fc.bigInt({ min: 1n, max: 10n ** 14n }).map((n) => new Decimal(n.toString()).div(1e6));
const nav = fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Decimal(n).div(1e6));

describe('units at a NAV', () => {
  it('round units down to 6 and amounts down to 8', () => {
    expect(unitsFor('1000', '1.2345').toFixed()).toBe('810.044552');
    expect(unitsValue('810.044552', '1.2345').toFixed()).toBe('999.99999944');
  });
  it('never give back more than was paid when bought and sold at one NAV', () => {
    fc.assert(
      fc.property(units, nav, (amount, n) => {
        expect(unitsValue(unitsFor(amount, n), n).lte(amount)).toBe(true);
      }),
    );
  });
});

describe('management fee', () => {
  it('takes rate / 365 of the NAV each day, and the fee is what the units lost', () => {
    const { fee, navAfter } = managementFee('1000', '1.5', '0.0365');
    expect(navAfter.toFixed()).toBe('1.49985');
    expect(fee.toFixed()).toBe('0.15');
  });
  it('never pays the platform more than the holders lose', () => {
    fc.assert(
      fc.property(units, nav, (u, n) => {
        const { fee, navAfter } = managementFee(u, n, '0.02');
        expect(fee.lte(unitsValue(u, n).minus(unitsValue(u, navAfter)).plus('0.00000001'))).toBe(true);
        expect(navAfter.lte(n)).toBe(true);
      }),
    );
  });
});

describe('redemption gate', () => {
  it('lets everything through under the gate, and shares the gate pro rata above it', () => {
    expect(applyGate(['10', '20'], '1000', '5').granted.map(String)).toEqual(['10', '20']);
    const { granted, carried } = applyGate(['60', '20'], '1000', '4');
    expect(granted.map(String)).toEqual(['30', '10']);
    expect(carried.map(String)).toEqual(['30', '10']);
    expect(applyGate(['60'], '1000', null).granted.map(String)).toEqual(['60']);
  });
  it('never grants more than the gate nor more than asked, and loses no unit', () => {
    fc.assert(
      fc.property(fc.array(units, { minLength: 1, maxLength: 20 }), units, (asks, total) => {
        const { granted, carried } = applyGate(asks, total, '10');
        const sum = granted.reduce((a, b) => a.plus(b), new Decimal(0));
        expect(
          sum.lte(
            Decimal.max(
              total.times(0.1),
              asks.reduce((a, b) => a.plus(b), new Decimal(0)),
            ),
          ),
        ).toBe(true);
        asks.forEach((a, i) => {
          expect(granted[i]?.lte(a)).toBe(true);
          expect(granted[i]?.plus(carried[i] ?? 0).eq(a)).toBe(true);
        });
      }),
    );
  });
});

describe('wealth chart axis', () => {
  it('rounds to multiples of 10 in 5 steps, and widens a flat line by 100', () => {
    expect(wealthAxis([12, 47])).toEqual({ min: 10, max: 50, interval: 8 });
    expect(wealthAxis([103, 248])).toEqual({ min: 100, max: 250, interval: 30 });
    expect(wealthAxis([50, 50])).toEqual({ min: -50, max: 150, interval: 40 });
    // One valuation off the tens: widened too, not left on the top edge of 1,990 to 2,000.
    expect(wealthAxis([1999.99999938])).toEqual({ min: 1890, max: 2100, interval: 42 });
    expect(wealthAxis([])).toEqual({ min: 0, max: 100, interval: 20 });
    expect(wealthAxis([3e-323, -5e-324])).toEqual({ min: -10, max: 10, interval: 4 });
  });
  it('always covers the values', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1 }), (vs) => {
        const a = wealthAxis(vs);
        expect(a.min).toBeLessThanOrEqual(Math.min(...vs));
        expect(a.max).toBeGreaterThanOrEqual(Math.max(...vs));
        expect(a.min % 10 === 0 && a.max % 10 === 0).toBe(true);
        expect(a.interval * 5).toBeCloseTo(a.max - a.min);
      }),
    );
  });
});

describe('chart change and the demo NAV walk', () => {
  it('measures change from the first value', () => {
    expect(changeOver('100', '112').toFixed()).toBe('0.12');
    expect(changeOver('0', '5').toFixed()).toBe('0');
  });
  it('is deterministic per seed and day, and stays positive', () => {
    expect(nextSimulatedNav('1', 'pw', 3, 0.0003, 0.01).toFixed()).toBe(
      nextSimulatedNav('1', 'pw', 3, 0.0003, 0.01).toFixed(),
    );
    let n = new Decimal(1);
    for (let d = 0; d < 730; d++) n = nextSimulatedNav(n, 'pw', d, 0.0003, 0.01);
    expect(n.gt(0)).toBe(true);
  });
});
