import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abbreviate,
  formatAmount,
  formatDate,
  formatDateTime,
  formatExact,
  formatFixed,
  formatRate,
} from './format.js';
import { Decimal } from './money.js';

describe('formatAmount', () => {
  it.each([
    ['1234567.123456789', '1,234,567.12345678'],
    ['0.000000019', '0.00000001'],
    ['0.000000009', '<0.00000001'],
    ['0', '0'],
    ['1.10000000', '1.1'],
    ['-2.5', '-2.5'],
  ])('%s -> %s', (v, out) => {
    expect(formatAmount(v)).toBe(out);
  });

  it('never shows more than the exact amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }), (units, scale) => {
        const exact = new Decimal(units.toString()).div(new Decimal(10).pow(scale));
        const shown = formatAmount(exact).replace(/,/g, '');
        if (shown.startsWith('<')) return exact.lt('0.00000001');
        return new Decimal(shown).lte(exact) && exact.minus(shown).lt('0.00000001');
      }),
    );
  });
});

describe('formatFixed and formatRate', () => {
  it('keeps trailing zeros and rounds down', () => {
    expect(formatFixed('12.5', 2)).toBe('12.50');
    expect(formatFixed('1999.999', 2)).toBe('1,999.99');
    expect(formatRate('0.0523')).toBe('5.23%');
    expect(formatRate('0.05239')).toBe('5.23%');
    expect(formatRate('0')).toBe('0.00%');
  });
});

describe('abbreviate', () => {
  it.each([
    ['999', 'en', '999'],
    ['1500', 'en', '1.5K'],
    ['2345678', 'en', '2.34M'],
    ['7000000000', 'en', '7B'],
    ['1230000000000', 'en', '1.23T'],
    ['9999', 'zh-CN', '9,999'],
    ['12345', 'zh-CN', '1.23万'],
    ['250000000', 'zh-CN', '2.5亿'],
  ] as const)('%s in %s -> %s', (v, locale, out) => {
    expect(abbreviate(v, locale)).toBe(out);
  });
});

describe('dates', () => {
  const ms = Date.UTC(2026, 10, 22, 3, 4, 5);
  it('formats per locale', () => {
    expect(formatDate(ms, 'en')).toBe('11/22/2026');
    expect(formatDate(ms, 'zh-CN')).toBe('2026/11/22');
    expect(formatDateTime(ms, 'en', 480)).toBe('11/22/2026 11:04:05');
    expect(formatDate(ms, 'en', -240)).toBe('11/21/2026');
  });
});

describe('formatExact', () => {
  it('groups the whole part and keeps every place as written', () => {
    expect(formatExact('20000')).toBe('20,000');
    expect(formatExact('1234567.000000000000000001')).toBe('1,234,567.000000000000000001');
    expect(formatExact('999')).toBe('999');
    expect(formatExact('0.5')).toBe('0.5');
  });
});
