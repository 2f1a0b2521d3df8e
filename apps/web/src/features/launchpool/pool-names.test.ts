import { describe, expect, it } from 'vitest';
import { poolNames } from './pool-names.js';

const pool = (rid: number, coin: string, extra: { limit_rule?: number; vip?: boolean } = {}) => ({
  rid,
  coin,
  limit_rule: extra.limit_rule ?? 0,
  vip_config: extra.vip ? { min_tier: 1, quota: '100' } : null,
});

describe('pool names', () => {
  it('are the coin alone when no other pool of the project takes that coin', () => {
    expect([...poolNames([pool(1, 'GT'), pool(2, 'USDT')], 'Newcomers').values()]).toEqual([
      { name: 'GT', place: null },
      { name: 'USDT', place: null },
    ]);
  });
  it('say what sets pools of one coin apart, and number those nothing else does', () => {
    const names = poolNames(
      [pool(11, 'GT'), pool(8, 'GT'), pool(9, 'GT', { limit_rule: 1 }), pool(10, 'GT', { vip: true })],
      'Newcomers',
    );
    expect(Object.fromEntries([...names].map(([rid, n]) => [rid, n.name]))).toEqual({
      8: 'GT #1',
      9: 'GT (Newcomers)',
      10: 'GT (VIP)',
      11: 'GT #2',
    });
    expect(names.get(11)?.place).toBe(2);
  });
});
