import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceAt, walkedPrice } from '../src/modules/market/price-walk.js';

const HOUR_MS = 3_600_000;
const ANCHOR_MS = Date.UTC(2026, 0, 1);

describe('demo prices', () => {
  it('are computed once per coin and hour and reused, always equal to the walk itself', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('BTC', 'ETH', 'GT', 'SOL'),
        fc.integer({ min: -20_000, max: 20_000 }),
        fc.integer({ min: 0, max: HOUR_MS - 1 }),
        (coin, hour, within) => {
          const at = ANCHOR_MS + hour * HOUR_MS + within;
          const first = priceAt(coin, '100', at);
          expect(first.toFixed()).toBe(walkedPrice(coin, '100', hour).toFixed());
          // Anywhere in the same hour, the very same price.
          expect(priceAt(coin, '100', ANCHOR_MS + hour * HOUR_MS)).toBe(first);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stay right after more hours than the cache keeps', () => {
    for (let hour = 0; hour < 5_000; hour++) priceAt('ETH', '2000', ANCHOR_MS + hour * HOUR_MS);
    expect(priceAt('ETH', '2000', ANCHOR_MS).toFixed()).toBe(walkedPrice('ETH', '2000', 0).toFixed());
    // A new base price is a new price.
    expect(priceAt('ETH', '3000', ANCHOR_MS).toFixed()).toBe(walkedPrice('ETH', '3000', 0).toFixed());
  });

  it('walk within a band of their base over a month', () => {
    fc.assert(
      fc.property(fc.constantFrom('BTC', 'ETH', 'GT', 'SOL'), fc.integer({ min: 0, max: 50_000 }), (coin, start) => {
        for (let hour = start; hour <= start + 24 * 30; hour += 24) {
          const ratio = walkedPrice(coin, '96000', hour).div(96000).toNumber();
          expect(ratio).toBeGreaterThan(0.6);
          expect(ratio).toBeLessThan(1.65);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('keep stablecoins at 1 USDT, whatever the hour (spec: no conversion line)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('USDT', 'USDC', 'USD', 'USDD'),
        fc.integer({ min: -20_000, max: 20_000 }),
        (coin, hour) => {
          expect(priceAt(coin, '1', ANCHOR_MS + hour * HOUR_MS).toFixed()).toBe('1');
        },
      ),
    );
  });
});
