import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount.js';

const rules = { maxDecimals: 8 };

describe('parseAmount', () => {
  it('accepts a plain decimal string', () => {
    const r = parseAmount('amount', '12.50000001', rules);
    expect(r.ok && r.value.toFixed()).toBe('12.50000001');
  });

  it.each<[unknown, string]>([
    [undefined, 'amount is required'],
    ['', 'amount is required'],
    [5, 'amount must be a decimal string, for example "12.5"'],
    ['-1', 'amount must not be negative'],
    ['-0.001', 'amount must not be negative'],
    ['-0', 'amount must be a plain decimal number, for example "12.5"'],
    ['-0.00', 'amount must be a plain decimal number, for example "12.5"'],
    ...['--1', '-abc', '-1.5.2', '- 1', '-.5', '-1.', '-01', '-'].map((raw): [unknown, string] => [
      raw,
      'amount must be a plain decimal number, for example "12.5"',
    ]),
    ['NaN', 'amount must be a plain decimal number, for example "12.5"'],
    ['1e5', 'amount must be a plain decimal number, for example "12.5"'],
    [' 1', 'amount must be a plain decimal number, for example "12.5"'],
    ['1.', 'amount must be a plain decimal number, for example "12.5"'],
    ['.5', 'amount must be a plain decimal number, for example "12.5"'],
    ['0.000000001', 'amount must have at most 8 decimal places'],
    ['999999999999.1', 'amount must be at most 999999999999'],
    ['0', 'amount must be greater than 0'],
    ['0.00', 'amount must be greater than 0'],
  ])('refuses %j with a message naming the field', (raw, message) => {
    const r = parseAmount('amount', raw, rules);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toBe(message);
      expect(r.field).toBe('amount');
    }
  });

  it('counts the places that carry a value: trailing zeros write the same amount', () => {
    const r = parseAmount('amount', '1.0000000000', rules);
    expect(r.ok && r.value.toFixed()).toBe('1');
    const tenth = parseAmount('amount', '0.100000000', rules);
    expect(tenth.ok && tenth.value.toFixed()).toBe('0.1');
    expect(parseAmount('amount', '0.0000000010', rules).ok).toBe(false);
  });

  it('accepts the maximum itself and zero when allowed', () => {
    expect(parseAmount('amount', '999999999999', rules).ok).toBe(true);
    expect(parseAmount('amount', '0', { ...rules, allowZero: true }).ok).toBe(true);
  });

  it('round-trips every valid amount exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 999999999999n * 10n ** 8n }), (units) => {
        const s = units.toString().padStart(9, '0');
        const text = `${s.slice(0, -8)}.${s.slice(-8)}`.replace(/^0+(?=\d)/, '');
        const r = parseAmount('amount', text, rules);
        return r.ok && r.value.toFixed(8) === text;
      }),
    );
  });
});
