import { describe, expect, it } from 'vitest';
import { offeredFlexibleType } from './history-types.js';

describe('the flexible history type asked for from outside', () => {
  it('is taken when the filter offers it, all (0) too', () => {
    for (const v of ['0', '1', '2', '3', '4', '6']) expect(offeredFlexibleType(v)).toBe(v);
  });

  it('is no type when the filter has none such, so the history starts as if none were asked', () => {
    for (const v of ['999', '5', '-1', 'abc', '', ' 1', '1.0', null]) expect(offeredFlexibleType(v)).toBeNull();
  });
});
