import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.js';
import { softStakingBase, softStakingReward } from './reward.js';

describe('soft staking', () => {
  it('pays on the hourly average, each sample counted up to the cap, nothing below the minimum', () => {
    const day = [...Array(12).fill('100'), ...Array(12).fill('300')];
    expect(softStakingBase(day, '10', '1000').toFixed()).toBe('200');
    expect(softStakingBase(day, '10', '200').toFixed()).toBe('150');
    expect(softStakingBase(day, '250', '1000').toFixed()).toBe('0');
    expect(softStakingBase([], '0', '1').toFixed()).toBe('0');
    expect(softStakingReward('200', '0.0365').toFixed()).toBe('0.02');
  });
  it('never pays on more than the cap nor on more than was held', () => {
    const bal = fc.integer({ min: 0, max: 10 ** 9 }).map((n) => new Decimal(n).div(100).toFixed());
    fc.assert(
      fc.property(fc.array(bal, { minLength: 1, maxLength: 24 }), bal, (samples, cap) => {
        const base = softStakingBase(samples, '0', cap);
        expect(base.lte(cap)).toBe(true);
        expect(base.lte(Decimal.max(...samples.map((s) => new Decimal(s))))).toBe(true);
      }),
    );
  });
});
