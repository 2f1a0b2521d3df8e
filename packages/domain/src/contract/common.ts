import { type Static, type TSchema, Type } from 'typebox';
import { AMOUNT_EXAMPLE, type AmountRules } from '../amount.js';
import { COIN_SYMBOL_CHARS, COIN_SYMBOL_MAX_LENGTH } from '../input.js';

/** The envelope every response travels in. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({
    code: Type.Integer(),
    message: Type.String(),
    data,
    require_fundpass: Type.Optional(Type.Boolean()),
  });
}

/** Amounts and rates travel as decimal strings; the use case parses them with the domain's rules. */
export const DecimalString = Type.String({ description: 'decimal number as a string, e.g. "12.5"' });
/**
 * An amount or rate a request sends, checked by the request's schema with the domain's parseAmount
 * and these rules (the x-amount keyword the server's validator knows), before anything else runs.
 */
export function AmountInput(rules: AmountRules) {
  const example = rules.example ?? AMOUNT_EXAMPLE;
  return Type.String({
    'x-amount': rules,
    description: `plain non-negative decimal number as a string, e.g. "${example}"`,
  });
}
export const CoinSymbol = Type.String({
  minLength: 1,
  maxLength: COIN_SYMBOL_MAX_LENGTH,
  pattern: `^[${COIN_SYMBOL_CHARS}]+$`,
  description: 'coin symbol, e.g. BTC',
});

/** An optional coin filter: a symbol, or empty for every coin. */
export const CoinFilter = Type.String({ maxLength: COIN_SYMBOL_MAX_LENGTH, pattern: `^[${COIN_SYMBOL_CHARS}]*$` });

/** An operator's texts in the app's languages other than English (what is missing stays English). */
export function Translations<T extends TSchema>(texts: T) {
  return Type.Object({ 'zh-CN': Type.Optional(texts) });
}

/**
 * A name as an operator gives it: at least one letter or digit in it, and a visible character at
 * each end (not a space, a zero-width or other invisible mark, nor a braille blank).
 */
const EDGE = '(?!\\u2800)[\\p{L}\\p{N}\\p{P}\\p{S}]';
const NAMED = `(?=.*[\\p{L}\\p{N}])${EDGE}(?:.*[\\p{L}\\p{N}\\p{P}\\p{S}\\p{M}](?<!\\u2800))?`;
export const NAME_PATTERN = `^${NAMED}$`;
/** The same, or empty for the product's default (a fixed product's title, for one). */
export const NAME_OR_EMPTY_PATTERN = `^(?:${NAMED})?$`;
/** A product's, project's or manager's name: never only blanks, zero-width or braille spaces. */
export const OperatorName = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: NAME_PATTERN });
/** A name that may be left empty for the default. */
export const OptionalName = (maxLength: number) => Type.String({ maxLength, pattern: NAME_OR_EMPTY_PATTERN });

/** A language tag in a request, e.g. en or zh-CN. */
export const LocaleTag = Type.String({ maxLength: 10, pattern: '^[A-Za-z-]*$' });

/** The highest row id: the database stores ids as 32-bit integers. */
export const ROW_ID_MAX = 2_147_483_647;
/** A row id in a request: a positive 32-bit integer, as the database stores it. */
export const RowId = Type.Integer({ minimum: 1, maximum: ROW_ID_MAX });
/** The digits of a row id, from 1 to 2147483647 (a pattern cannot compare, so it spells the range out). */
export const ROW_ID_PATTERN =
  '^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$';
/** A row id written as a string. */
export const RowIdString = Type.String({ pattern: ROW_ID_PATTERN });
const rowIdText = new RegExp(ROW_ID_PATTERN);
/** The row id a text (an address's parameter) names, or null when it names none ('0', '1e3', 2^31). */
export function rowIdOf(text: string | null): number | null {
  return text !== null && rowIdText.test(text) ? Number(text) : null;
}
/** An instant in a request, in Unix seconds, up to the end of year 9999. */
export const UnixSeconds = Type.Integer({ minimum: 0, maximum: 253_402_300_799 });
/** A page number in a request. */
export const PageNumber = Type.Integer({ minimum: 1, maximum: 100_000, default: 1 });

/** `fundpass` may ride along on any fund-moving call, after the gate asked for it. */
export const FundPassField = Type.Optional(Type.String({ maxLength: 64 }));

export function Paged<T extends TSchema>(item: T) {
  return Type.Object({ list: Type.Array(item), total: Type.Integer() });
}

export const PageQuery = {
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
};

export const Empty = Type.Object({});
export type Empty = Static<typeof Empty>;
