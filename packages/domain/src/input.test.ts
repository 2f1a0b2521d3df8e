import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COIN_SYMBOL_CHARS,
  COIN_SYMBOL_MAX_LENGTH,
  decimalInputValue,
  isCoinSymbol,
  normalizeDecimalInput,
  pastedAsOtherNumber,
  sanitizeCoinSearch,
  sanitizeDecimalInput,
  settledDecimalInput,
  settledInputNote,
  shownDecimalInput,
  typedInputNote,
} from './input.js';

const p8 = { precision: 8 };

describe('sanitizeDecimalInput', () => {
  it.each([
    ['12.5', '12.5'],
    ['abc1x2', '12'],
    ['.5', '0.5'],
    ['.', '0.'],
    ['007', '7'],
    ['00.5', '0.5'],
    ['0', '0'],
    ['1.2.3', '1.23'],
    ['1.123456789', '1.12345678'],
    ['-5', '5'],
    ['1e5', '15'],
    ['9999999999999', '999999999999'],
    ['999999999999.5', '999999999999'],
    ['999999999999.0', '999999999999.0'],
    ['', ''],
  ])('%j -> %j', (raw, shown) => {
    expect(sanitizeDecimalInput(raw, p8)).toBe(shown);
  });

  it('reads a decimal comma as the point, never dropping it silently', () => {
    expect(sanitizeDecimalInput('1,5', { precision: 8 })).toBe('1.5');
    expect(sanitizeDecimalInput('1,', { precision: 8 })).toBe('1.');
    expect(sanitizeDecimalInput('1,000.5', { precision: 8 })).toBe('1000.5');
    expect(sanitizeDecimalInput('1,000,000', { precision: 8 })).toBe('1000000');
  });

  it('reads one comma before exactly three digits as thousands, as English and Chinese readers write them', () => {
    expect(sanitizeDecimalInput('1,000', { precision: 8 })).toBe('1000');
    expect(sanitizeDecimalInput('12,345', { precision: 8 })).toBe('12345');
    expect(sanitizeDecimalInput(' 999,999 ', { precision: 8 })).toBe('999999');
    expect(sanitizeDecimalInput('-1,000', { precision: 8, allowNegative: true })).toBe('-1000');
    // Where it cannot group thousands, it is the point.
    expect(sanitizeDecimalInput('0,001', { precision: 8 })).toBe('0.001');
    expect(sanitizeDecimalInput('1234,567', { precision: 8 })).toBe('1234.567');
    expect(sanitizeDecimalInput('1,00', { precision: 8 })).toBe('1.00');
    expect(sanitizeDecimalInput('1,0000', { precision: 8 })).toBe('1.0000');
  });

  it('reads a comma after points that group thousands as the point, and drops one after the point', () => {
    expect(sanitizeDecimalInput('1.000,5', p8)).toBe('1000.5');
    expect(sanitizeDecimalInput('12.345.678,9', p8)).toBe('12345678.9');
    expect(sanitizeDecimalInput('1.000,', p8)).toBe('1000.');
    expect(sanitizeDecimalInput('1.5,', p8)).toBe('1.5');
  });

  it('reads several points in groups of three as thousands, and otherwise only the first point', () => {
    expect(sanitizeDecimalInput('1.000.000', p8)).toBe('1000000');
    expect(sanitizeDecimalInput('1.234.567,89', p8)).toBe('1234567.89');
    expect(sanitizeDecimalInput('1.000.', p8)).toBe('1.000');
    expect(sanitizeDecimalInput('1.000.00', p8)).toBe('1.00000');
  });

  it('reads full-width digits and marks as a Chinese keyboard types them', () => {
    expect(sanitizeDecimalInput('１０００', p8)).toBe('1000');
    expect(sanitizeDecimalInput('1。5', p8)).toBe('1.5');
    expect(sanitizeDecimalInput('１．２５', p8)).toBe('1.25');
    expect(sanitizeDecimalInput('1，5', p8)).toBe('1.5');
    expect(sanitizeDecimalInput('1，000', p8)).toBe('1000');
    expect(sanitizeDecimalInput('1、5', p8)).toBe('1.5');
    expect(sanitizeDecimalInput('1､5', p8)).toBe('1.5');
    expect(sanitizeDecimalInput('－5', { precision: 8, allowNegative: true })).toBe('-5');
  });

  it('keeps a sign only when negatives are allowed', () => {
    expect(sanitizeDecimalInput('-5.5', { precision: 2, allowNegative: true })).toBe('-5.5');
    expect(sanitizeDecimalInput('5-', { precision: 2, allowNegative: true })).toBe('5');
  });

  it('allows integers only at precision 0', () => {
    expect(sanitizeDecimalInput('12.34', { precision: 0 })).toBe('12.');
    expect(decimalInputValue('12.', { precision: 0 })).toBe('12');
    expect(settledDecimalInput('12.34', { precision: 0 })).toBe('12');
  });

  it('honours a custom cap', () => {
    expect(sanitizeDecimalInput('150', { precision: 2, max: '100' })).toBe('100');
  });

  it('always yields digits with at most the precision and never above the cap', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.integer({ min: 0, max: 10 }), (raw, precision) => {
        const out = sanitizeDecimalInput(raw, { precision });
        if (out === '') return true;
        const pattern = new RegExp(`^\\d+(\\.\\d{0,${precision}})?$`);
        if (!pattern.test(out)) return false;
        if (/^0\d/.test(out)) return false;
        return Number(out.split('.')[0]) <= 999999999999;
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (raw) => {
        const once = sanitizeDecimalInput(raw, p8);
        return sanitizeDecimalInput(once, p8) === once;
      }),
    );
  });
});

describe('shownDecimalInput', () => {
  /** What the field shows and what it stands for after each key of `keys`. */
  function typeKeys(keys: string, rules = p8): Array<[string, string]> {
    const steps: Array<[string, string]> = [];
    let shown = '';
    for (const key of keys) {
      const raw = shown + key;
      shown = shownDecimalInput(raw, rules);
      steps.push([shown, sanitizeDecimalInput(raw, rules)]);
    }
    return steps;
  }

  it('keeps a typed comma while it may still group thousands, so typing reaches the same value as pasting', () => {
    expect(typeKeys('1,000')).toEqual([
      ['1', '1'],
      ['1,', '1.'],
      ['1,0', '1.0'],
      ['1,00', '1.00'],
      ['1,000', '1000'],
    ]);
    expect(typeKeys('1.000.000').map(([shown]) => shown)).toEqual([
      '1',
      '1.',
      '1.0',
      '1.00',
      '1.000',
      '1.000.',
      '1.000.0',
      '1.000.00',
      '1.000.000',
    ]);
    const texts = ['1,000', '12,345', '1,000,000', '1,000.5', '1,5', '0,25', '1.000,5', '１，０００'];
    for (const text of [...texts, '1.000.000', '1.234.567,89', '1.000.000,5', '1、5']) {
      expect(typeKeys(text).at(-1)?.[1]).toBe(sanitizeDecimalInput(text, p8));
    }
  });

  it('in fields of few places, typed key by key settles where pasting does', () => {
    const cases: Array<[number, string, string]> = [
      [0, '1.5', '1'],
      [0, '1,5', '1'],
      [0, '1。5', '1'],
      [0, '0.001', '0'],
      [0, '12,34', '12'],
      [0, '1,000', '1000'],
      [0, '1,000.5', '1000'],
      [1, '1,000', '1000'],
      [1, '1,05', '1'],
      [2, '1,000,000', '1000000'],
    ];
    for (const [precision, text, value] of cases) {
      const rules = { precision };
      const typed = typeKeys(text, rules).at(-1)?.[0] ?? '';
      expect(settledDecimalInput(typed, rules), `${text} typed at ${precision}`).toBe(value);
      expect(settledDecimalInput(text, rules), `${text} pasted at ${precision}`).toBe(value);
    }
  });

  it('stands for nothing while a comma holds more places than the field takes', () => {
    const integers = { precision: 0 };
    expect(shownDecimalInput('1,0', integers)).toBe('1,0');
    expect(decimalInputValue('1,0', integers)).toBe('');
    expect(decimalInputValue('1,', integers)).toBe('1');
    expect(decimalInputValue('1,000', integers)).toBe('1000');
    // A point is the point: places beyond the field's are cut as they are typed (the spec's rule).
    expect(shownDecimalInput('1.5', integers)).toBe('1.');
    expect(shownDecimalInput('12.345', { precision: 2 })).toBe('12.34');
    expect(shownDecimalInput('1,0055', { precision: 2 })).toBe('1.00');
  });

  it('shows a number above the cap as the cap, and stands for it', () => {
    for (const raw of ['99999999999999', '9999999999999', '999,999,999,999,9', '1000000000000']) {
      expect(shownDecimalInput(raw, p8), raw).toBe('999999999999');
      expect(decimalInputValue(raw, p8), raw).toBe('999999999999');
    }
    expect(shownDecimalInput('150', { precision: 2, max: '100' })).toBe('100');
    expect(decimalInputValue('1005', { precision: 2, max: '100' })).toBe('100');
  });

  it('shows the value itself where the typed text does not read exactly as it', () => {
    expect(shownDecimalInput('007,5', p8)).toBe('7.5');
    expect(shownDecimalInput('1,123456789', p8)).toBe('1.12345678');
    expect(shownDecimalInput('-1,5', p8)).toBe('1.5');
    expect(shownDecimalInput('1a,5', p8)).toBe('1,5');
    expect(shownDecimalInput('12.5', p8)).toBe('12.5');
    // Once the text can no longer group thousands, its point is shown as one.
    expect(shownDecimalInput('1,0000', p8)).toBe('1.0000');
    expect(shownDecimalInput('1.2.3', p8)).toBe('1.23');
  });

  it('always shows text that stands for its value, at any precision', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.integer({ min: 0, max: 8 }), (raw, precision) => {
        const rules = { precision };
        const shown = shownDecimalInput(raw, rules);
        const value = decimalInputValue(raw, rules);
        return (
          sanitizeDecimalInput(shown, rules) === sanitizeDecimalInput(raw, rules) &&
          decimalInputValue(shown, rules) === value &&
          (value === '' || /^\d+(\.\d+)?$/.test(value))
        );
      }),
    );
  });
});

describe('decimalInputValue', () => {
  it('is the sanitized text without a trailing point, so an amount on its way is never invalid', () => {
    expect(decimalInputValue('1,', p8)).toBe('1');
    expect(decimalInputValue('1.', p8)).toBe('1');
    expect(decimalInputValue('.', p8)).toBe('0');
    expect(decimalInputValue('1,000', p8)).toBe('1000');
    expect(decimalInputValue('1.50', p8)).toBe('1.50');
  });
});

describe('normalizeDecimalInput', () => {
  it.each([
    ['5.', '5'],
    ['0.', '0'],
    ['0.00', '0'],
    ['-0', '0'],
    ['-', ''],
    ['1.50', '1.50'],
    ['5.000', '5'],
    ['-3.0', '-3'],
    ['', ''],
  ])('%j -> %j on blur', (text, out) => {
    expect(normalizeDecimalInput(text)).toBe(out);
  });
});

describe('sanitizeCoinSearch', () => {
  it('keeps only what a coin symbol holds, at most a symbol long', () => {
    expect(sanitizeCoinSearch('btc')).toBe('btc');
    expect(sanitizeCoinSearch('b t')).toBe('bt');
    expect(sanitizeCoinSearch(' BTC\u200b ')).toBe('BTC');
    for (const nothing of ['.*', '%', '  ', '中文']) expect(sanitizeCoinSearch(nothing)).toBe('');
    expect(sanitizeCoinSearch('A'.repeat(25))).toBe('A'.repeat(20));
  });

  it('always gives what the API takes as a coin filter', () => {
    const filter = new RegExp(`^[${COIN_SYMBOL_CHARS}]{0,${COIN_SYMBOL_MAX_LENGTH}}$`);
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (typed) => filter.test(sanitizeCoinSearch(typed))));
  });
});

describe('typedInputNote', () => {
  it('says when typing held what the rule drops, not when it held only digits and separators it reads', () => {
    const p8 = { precision: 8 };
    for (const raw of ['1e5', '1e-5', '0x10', '1 2', '$5']) expect(typedInputNote(raw, p8), raw).toBe('dropped');
    for (const raw of ['-1', '-', '1-', '－5']) expect(typedInputNote(raw, p8), raw).toBe('sign');
    for (const raw of ['1..2', '1,5,', '1,5.2', '1.5.2', '1.000,5.2'])
      expect(typedInputNote(raw, p8), raw).toBe('separator');
    for (const raw of [
      '15',
      '1.5',
      '1,5',
      '1,000.5',
      '1,000,',
      '1,000,00',
      '1.000.000',
      '1.000.',
      '1.000,5',
      '.5',
      ',5',
    ])
      expect(typedInputNote(raw, p8), raw).toBeNull();
    for (const raw of ['１２', '1。5', '1，5', '']) expect(typedInputNote(raw, p8), raw).toBeNull();
    expect(typedInputNote('-1', { precision: 2, allowNegative: true })).toBeNull();
    expect(typedInputNote('1-2', { precision: 2, allowNegative: true })).toBe('separator');
  });

  it('says when the text has more decimals than the field takes', () => {
    expect(typedInputNote('1.000', { precision: 2 })).toBe('places');
    expect(typedInputNote('0.000000001', p8)).toBe('places');
    expect(typedInputNote('1.5', { precision: 0 })).toBe('places');
    expect(typedInputNote('1.00', { precision: 2 })).toBeNull();
    // A point in a field of whole numbers is said at once; a comma may yet group thousands.
    expect(typedInputNote('1.', { precision: 0 })).toBe('places');
    expect(typedInputNote('1。', { precision: 0 })).toBe('places');
    expect(typedInputNote('1,', { precision: 0 })).toBeNull();
    expect(typedInputNote('1.', { precision: 2 })).toBeNull();
    // A comma that may still group thousands is shown as typed, and read as a group of them.
    expect(typedInputNote('1,000', { precision: 2 })).toBeNull();
    expect(typedInputNote('1,000', { precision: 0 })).toBeNull();
  });

  it('says while a comma holds more places than the field takes that it stands for no amount yet', () => {
    for (const raw of ['1,0', '2,50', '1,5', '1，5']) {
      expect(typedInputNote(raw, { precision: 0 }), raw).toBe('grouping');
      expect(decimalInputValue(raw, { precision: 0 }), raw).toBe('');
    }
    expect(typedInputNote('1,00', { precision: 1 })).toBe('grouping');
    expect(typedInputNote('1,0', { precision: 1 })).toBeNull();
  });
});

describe('settledInputNote', () => {
  it('says when blur cut decimals, not when it only dropped a point or zeros', () => {
    const p0 = { precision: 0 };
    for (const shown of ['2,50', '1,5', '12.3']) expect(settledInputNote(shown, p0), shown).toBe('places');
    for (const shown of ['1.', '1,', '2,00', '1,000', '14', '', '0.'])
      expect(settledInputNote(shown, p0), shown).toBeNull();
    expect(settledInputNote('1.50', { precision: 2 })).toBeNull();
    expect(settledInputNote('1,005', { precision: 2 })).toBeNull();
  });

  it('says when the text is above the maximum the field shows instead', () => {
    expect(typedInputNote('9999999999999', p8)).toBe('capped');
    expect(typedInputNote('999999999999.5', p8)).toBe('capped');
    expect(typedInputNote('999999999999', p8)).toBeNull();
    expect(typedInputNote('0000999999999999', p8)).toBeNull();
    expect(typedInputNote('100.01', { precision: 2, max: '100' })).toBe('capped');
    expect(typedInputNote('100.00', { precision: 2, max: '100' })).toBeNull();
    // Whatever the rule reads, as the field shows it.
    expect(sanitizeDecimalInput('1,000,000,000,000', p8)).toBe('999999999999');
    expect(typedInputNote('1,000,000,000,000', p8)).toBe('capped');
  });
});

describe('pastedAsOtherNumber', () => {
  it('refuses a paste the rule would read as another number, and takes one it only cleans', () => {
    for (const raw of [
      '1e5',
      '0x10',
      '-50',
      '+5',
      '−5',
      '1E-3',
      '100USDT',
      'USDT100',
      '5 - 3',
      '100.5.3',
      '1/2',
      '(100)',
      '1 2 3',
      '٣٤',
      'abc',
      '',
    ]) {
      expect(pastedAsOtherNumber(raw, p8), raw).toBe(true);
    }
    for (const raw of [
      '100',
      '1,000.50',
      ' 100 USDT ',
      'USDT 100',
      '$100',
      '１，０００',
      '100%',
      '0.5',
      '.5',
      '1.000,50',
      '1 000 000',
      '1.000.000',
      '12,5',
      '100\n',
    ]) {
      expect(pastedAsOtherNumber(raw, p8), raw).toBe(false);
    }
    expect(pastedAsOtherNumber('-50', { precision: 2, allowNegative: true })).toBe(false);
    expect(pastedAsOtherNumber('-5-0', { precision: 2, allowNegative: true })).toBe(true);
  });
});

describe('a coin symbol', () => {
  it('is 1 to 20 letters, digits or _', () => {
    for (const ok of ['ETH', 'usdt', '1INCH', 'A_B', 'X'.repeat(20)]) expect(isCoinSymbol(ok), ok).toBe(true);
    for (const bad of ['', '\0', 'ETH\n', 'E TH', 'ÉTH', 'X'.repeat(21), '../x'])
      expect(isCoinSymbol(bad), bad).toBe(false);
  });
});
