import { describe, expect, it } from 'vitest';
import { withGroupedFigures } from './figures.js';

describe('withGroupedFigures', () => {
  it("groups a message's figures and leaves its other values as they are", () => {
    const params = { principal: '1000', interest: '1.91780821', asset: 'USDT', days: '1000', account: 'flexible' };
    expect(withGroupedFigures(params)).toEqual({ ...params, principal: '1,000' });
  });

  it('leaves a figure already written as the app writes it, or not a plain decimal, untouched', () => {
    expect(withGroupedFigures({ amount: '20,000', max: '1e5', left: '' })).toEqual({
      amount: '20,000',
      max: '1e5',
      left: '',
    });
  });
});
