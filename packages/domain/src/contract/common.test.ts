import fc from 'fast-check';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { RowId, RowIdString, rowIdOf } from './common.js';

describe('a row id written as a string', () => {
  it('takes exactly the ids a row id takes, as plain digits', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -10, max: 20_000_000_000 }),
          // Near the largest id, where the pattern's spelled-out ranges meet.
          fc.integer({ min: 2_140_000_000, max: 2_150_000_000 }),
          fc.integer({ min: 2_147_483_000, max: 2_147_484_000 }),
        ),
        (n) => {
          expect(Value.Check(RowIdString, String(n))).toBe(Value.Check(RowId, n));
        },
      ),
      { numRuns: 2000 },
    );
    for (const edge of [1, 999_999_999, 1_000_000_000, 2_147_483_647])
      expect(Value.Check(RowIdString, String(edge)), String(edge)).toBe(true);
    for (const edge of ['0', '2147483648', '9999999999', '01', '1.0', ' 1', '1e3'])
      expect(Value.Check(RowIdString, edge), edge).toBe(false);
  });
});

describe("an address's row id", () => {
  it('is the id its digits name, or none', () => {
    expect(rowIdOf('1')).toBe(1);
    expect(rowIdOf('2147483647')).toBe(2_147_483_647);
    for (const text of [null, '', '0', '-1', '2147483648', '99999999999999999999', '1e3', '01', 'abc'])
      expect(rowIdOf(text), String(text)).toBeNull();
  });
});
