import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.js';
import { clearHour, hourlyInterest, type Offer, serviceFee } from './clearing.js';

const offer = (id: string, amount: string, minRate: string, priorityMs = 0): Offer => ({
  id,
  amount: new Decimal(amount),
  minRate: new Decimal(minRate),
  priorityMs,
});
const demand = (amount: string, maxRate: string) => ({ amount: new Decimal(amount), maxRate: new Decimal(maxRate) });
const lentOf = (c: ReturnType<typeof clearHour>) => Object.fromEntries(c.fills.map((f) => [f.id, f.lent.toFixed()]));

describe('clearHour (uniform price)', () => {
  it('prices the hour at the minimum APR of the last offer needed', () => {
    const c = clearHour(
      [offer('a', '100', '0.01'), offer('b', '100', '0.02'), offer('c', '100', '0.03')],
      demand('150', '0.1'),
    );
    expect(c.rate.toFixed()).toBe('0.02');
    expect(lentOf(c)).toEqual({ a: '100', b: '50', c: '0' });
    expect(c.fills.map((f) => f.reason)).toEqual(['none', 'demand_filled', 'min_rate_above']);
    expect(c.lendRatio.toFixed()).toBe('0.5');
  });

  it('shares the rest at the clearing rate first come first served', () => {
    const c = clearHour(
      [offer('late', '100', '0.02', 20), offer('low', '50', '0.01', 30), offer('early', '100', '0.02', 10)],
      demand('120', '0.05'),
    );
    expect(c.rate.toFixed()).toBe('0.02');
    expect(lentOf(c)).toEqual({ late: '0', low: '50', early: '70' });
  });

  it('never prices above what borrowers bid, and lends nothing to offers above the bid', () => {
    const c = clearHour([offer('a', '100', '0.01'), offer('b', '100', '0.08')], demand('150', '0.05'));
    expect(c.rate.toFixed()).toBe('0.01');
    expect(lentOf(c)).toEqual({ a: '100', b: '0' });
    expect(c.fills[1]?.reason).toBe('min_rate_above');
  });

  it('fills every eligible offer when demand exceeds supply', () => {
    const c = clearHour([offer('a', '10', '0.01'), offer('b', '20', '0.03')], demand('1000', '0.05'));
    expect(c.rate.toFixed()).toBe('0.03');
    expect(c.lentTotal.toFixed()).toBe('30');
    expect(c.lendRatio.toFixed()).toBe('1');
  });

  it('lends nothing without demand or without offers', () => {
    expect(clearHour([offer('a', '10', '0.01')], demand('0', '0.05')).rate.toFixed()).toBe('0');
    expect(clearHour([], demand('10', '0.05')).lentTotal.toFixed()).toBe('0');
  });

  const offersArb = fc.array(
    fc.record({
      units: fc.integer({ min: 0, max: 1_000_000_000 }),
      bps: fc.integer({ min: 1, max: 1000 }),
      priorityMs: fc.integer({ min: 0, max: 1000 }),
    }),
    { maxLength: 30 },
  );
  const demandArb = fc.record({
    units: fc.integer({ min: 0, max: 3_000_000_000 }),
    bps: fc.integer({ min: 1, max: 1000 }),
  });
  const build = (raw: { units: number; bps: number; priorityMs: number }[]) =>
    raw.map((r, i) =>
      offer(`o${i}`, new Decimal(r.units).div(1e6).toFixed(), new Decimal(r.bps).div(1e4).toFixed(), r.priorityMs),
    );

  it('properties: lends exactly min(demand, eligible supply), no offer over its amount, no lender filled below its minimum', () => {
    fc.assert(
      fc.property(offersArb, demandArb, (rawOffers, rawDemand) => {
        const offers = build(rawOffers);
        const d = demand(
          new Decimal(rawDemand.units).div(1e6).toFixed(),
          new Decimal(rawDemand.bps).div(1e4).toFixed(),
        );
        const c = clearHour(offers, d);
        const eligibleSupply = offers
          .filter((o) => o.minRate.lte(d.maxRate))
          .reduce((a, o) => a.plus(o.amount), new Decimal(0));
        expect(c.lentTotal.toFixed()).toBe(Decimal.min(d.amount, eligibleSupply).toFixed());
        expect(c.rate.lte(d.maxRate)).toBe(true);
        for (const f of c.fills) {
          const o = offers.find((x) => x.id === f.id) as Offer;
          expect(f.lent.gte(0) && f.lent.lte(o.amount)).toBe(true);
          if (f.lent.gt(0)) expect(o.minRate.lte(c.rate)).toBe(true);
          if (o.minRate.lt(c.rate)) expect(f.lent.toFixed()).toBe(o.amount.toFixed());
        }
        // At most one offer is partly filled.
        expect(c.fills.filter((f) => f.lent.gt(0) && f.lent.lt(f.offered)).length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('property: splitting nothing, the order of offers in the input does not matter', () => {
    fc.assert(
      fc.property(offersArb, demandArb, fc.integer(), (rawOffers, rawDemand, seed) => {
        const offers = build(rawOffers);
        const d = demand(
          new Decimal(rawDemand.units).div(1e6).toFixed(),
          new Decimal(rawDemand.bps).div(1e4).toFixed(),
        );
        const shuffled = [...offers].sort(
          (a, b) => ((a.id.length * seed) % 7) - ((b.id.length * seed) % 7) || (a.id < b.id ? 1 : -1),
        );
        expect(lentOf(clearHour(shuffled, d))).toEqual(lentOf(clearHour(offers, d)));
      }),
    );
  });
});

describe('interest and fee', () => {
  it('pays lent x rate / 8760 rounded down to 8 places', () => {
    expect(hourlyInterest('1000', '0.05').toFixed()).toBe('0.00570776');
    expect(hourlyInterest('0.5', '0.02').toFixed()).toBe('0.00000114');
    expect(serviceFee('0.00570776', '0.18').toFixed()).toBe('0.00102739');
  });

  it('never pays more than the exact amount, and less by under 1e-8', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 10_000 }), (units, bps) => {
        const lent = new Decimal(units).div(1e4);
        const rate = new Decimal(bps).div(1e4);
        const exact = lent.times(rate).div(8760);
        const paid = hourlyInterest(lent, rate);
        return paid.lte(exact) && exact.minus(paid).lt('0.00000001');
      }),
    );
  });
});
