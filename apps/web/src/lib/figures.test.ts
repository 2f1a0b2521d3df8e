import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.js';
import { withGroupedFigures } from './figures.js';

describe('withGroupedFigures', () => {
  it("groups a payout message's figures and leaves its other values as they are", () => {
    const params = { principal: '1000', interest: '1.91780821', asset: 'USDT', days: '1000', account: 'flexible' };
    expect(withGroupedFigures(params)).toEqual({ ...params, principal: '1,000' });
    expect(i18n.t('inbox.fixed.paid.body', withGroupedFigures(params))).toBe(
      '1,000 USDT principal and 1.91780821 USDT earnings were paid out.',
    );
  });

  it('leaves a figure already written as the app writes it, or not a plain decimal, untouched', () => {
    expect(withGroupedFigures({ amount: '20,000', max: '1e5', left: '' })).toEqual({
      amount: '20,000',
      max: '1e5',
      left: '',
    });
  });
});
