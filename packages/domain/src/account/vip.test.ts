import { describe, expect, it } from 'vitest';
import { MAX_VIP_TIER, tierOpens, upgradeTier } from './vip.js';

describe('upgradeTier', () => {
  it('reads a whole tier from 1 to the highest', () => {
    expect(upgradeTier('1')).toBe(1);
    expect(upgradeTier('5')).toBe(5);
    expect(upgradeTier(String(MAX_VIP_TIER))).toBe(MAX_VIP_TIER);
  });

  it('names none for anything else', () => {
    for (const raw of [null, '', '0', '17', '99', '-1', '1.5', '05', ' 5', '5x', '1e1', '100'])
      expect(upgradeTier(raw), String(raw)).toBeNull();
  });
});

describe('tierOpens', () => {
  it('opens a product to the tiers of its range, ends included', () => {
    const product = { min_vip: 1, max_vip: 4 };
    expect([0, 1, 4, 5].map((tier) => tierOpens(tier, product))).toEqual([false, true, true, false]);
  });
});
