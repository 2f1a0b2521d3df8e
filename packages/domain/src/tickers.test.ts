import { describe, expect, it } from 'vitest';
import { buildRateMap, valueInUsdt } from './tickers.js';

describe('rate map', () => {
  it('sets USDT to 1 and reads USDT pairs only', () => {
    const rates = buildRateMap([
      { pair: 'BTC_USDT', rate: '65000.5' },
      { pair: 'ETH_BTC', rate: '0.05' },
    ]);
    expect(rates.get('USDT')?.toFixed()).toBe('1');
    expect(rates.get('BTC')?.toFixed()).toBe('65000.5');
    expect(rates.has('ETH')).toBe(false);
    expect(valueInUsdt('0.5', 'BTC', rates).toFixed()).toBe('32500.25');
    expect(valueInUsdt('3', 'ETH', rates).toFixed()).toBe('0');
  });
});
