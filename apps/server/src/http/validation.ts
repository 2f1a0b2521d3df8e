import { type AmountRules, EMAIL_PATTERN, parseAmount } from '@earn/domain';
import { NAME_OR_EMPTY_PATTERN, NAME_PATTERN, ROW_ID_MAX, ROW_ID_PATTERN } from '@earn/domain/contract';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/** The keyword of an amount's rules in a request schema (the contract's AmountInput). */
const AMOUNT_KEYWORD = 'x-amount';

function makeAjv(coerceTypes: boolean | 'array') {
  // Verbose: a refusal carries the value refused, so an amount's refusal says what is wrong with it.
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    strict: false,
    verbose: true,
  });
  addFormats.default(ajv, ['date-time', 'date']);
  // The domain's email rule, the one the web's forms check before sending.
  ajv.addFormat('email', new RegExp(EMAIL_PATTERN));
  // An amount or rate (the contract's AmountInput), by the domain's parser and the field's rules.
  ajv.addKeyword({
    keyword: AMOUNT_KEYWORD,
    type: 'string',
    schemaType: 'object',
    validate: (rules: AmountRules, raw: string) => parseAmount('', raw, rules).ok,
  });
  return ajv;
}

// Bodies are taken as typed: a JSON number where the contract says a decimal string is refused, so
// money never passes through a JavaScript number. Query strings and path params are text by nature
// and are coerced to the declared integer or boolean.
const strict = makeAjv(false);
const coercing = makeAjv('array');

/** A whole number as text: plain decimal digits, no sign but minus, no leading zero, no exponent. */
const WHOLE_NUMBER = /^-?(0|[1-9]\d*)$/;

interface PropertySchema {
  type?: unknown;
  const?: unknown;
  minimum?: number;
  maximum?: number;
  anyOf?: PropertySchema[];
}

/** A whole number: an integer, an integer literal (a number constant), or a choice of those. */
function isWholeNumber(schema: PropertySchema): boolean {
  return (
    schema.type === 'integer' ||
    (schema.type === 'number' && Number.isInteger(schema.const)) ||
    (Array.isArray(schema.anyOf) && schema.anyOf.length > 0 && schema.anyOf.every(isWholeNumber))
  );
}

/** The properties a flat schema (a query string, a path) declares as whole numbers. */
function wholeNumberFields(schema: { properties?: Record<string, PropertySchema> }): Map<string, PropertySchema> {
  return new Map(Object.entries(schema.properties ?? {}).filter(([, property]) => isWholeNumber(property)));
}

/** The most (or least) a whole-number property takes, of any of its forms; none when a form has no bound. */
function boundOf(schema: PropertySchema, side: 'maximum' | 'minimum'): number | undefined {
  if (Array.isArray(schema.anyOf)) {
    const bounds = schema.anyOf.map((form) => boundOf(form, side));
    if (bounds.some((b) => b === undefined)) return undefined;
    return side === 'maximum' ? Math.max(...(bounds as number[])) : Math.min(...(bounds as number[]));
  }
  return typeof schema.const === 'number' ? schema.const : schema[side];
}

/**
 * A whole number as text that is not one the call takes: not written as one ('0x10', '1e3'), or
 * written as one too large for any number the call knows (9007199254740993 is refused for its range,
 * as 2147483648 is where the schema bounds it).
 */
function wholeNumberError(name: string, raw: string, schema: PropertySchema): ErrorObject | null {
  if (WHOLE_NUMBER.test(raw)) {
    if (Number.isSafeInteger(Number(raw))) return null;
    const side = raw.startsWith('-') ? 'minimum' : 'maximum';
    const limit = boundOf(schema, side) ?? (side === 'maximum' ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER);
    return {
      keyword: side,
      instancePath: `/${name}`,
      schemaPath: '',
      params: { limit },
      data: raw,
      parentSchema: schema,
    };
  }
  return {
    keyword: 'type',
    instancePath: `/${name}`,
    schemaPath: '',
    params: { type: 'integer' },
    data: raw,
    parentSchema: schema,
  };
}

/**
 * Query strings and path params are coerced, but a whole number must be written as one: Ajv would
 * take "0x10" as 16, "1e3" as 1000 and "1e400" as Infinity, and 9007199254740993 is not a number
 * JavaScript can hold. Such text is refused as not a whole number, before the schema's own checks.
 */
function coercingValidator(schema: object) {
  const validate = coercing.compile(schema);
  const fields = wholeNumberFields(schema);
  const check = (data: unknown) => {
    const values = (data ?? {}) as Record<string, unknown>;
    for (const [name, property] of fields) {
      const raw = values[name];
      const error = typeof raw === 'string' ? wholeNumberError(name, raw, property) : null;
      if (error) {
        check.errors = [error];
        return false;
      }
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  };
  check.errors = null as ErrorObject[] | null | undefined;
  return check;
}

/**
 * Where in a request part a text (a value or a key) is one `refused` finds, as a JSON pointer: the
 * first in document order. Walked with a stack of its own, not by recursion, since a body may nest
 * arrays as deep as JSON.parse takes them (beyond JavaScript's call stack).
 */
function textAt(data: unknown, refused: RegExp): string | null {
  // Each entry with the key it is under (tested first, as a key comes before its value).
  const stack: [value: unknown, path: string, key: string][] = [[data, '', '']];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [value, path, key] = next;
    if (refused.test(key)) return path;
    if (typeof value === 'string') {
      if (refused.test(value)) return path;
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [inner, innerValue] = entries[i] as [string, unknown];
        stack.push([innerValue, `${path}/${inner}`, inner]);
      }
    }
  }
  return null;
}

const NUL = /\0/;
/**
 * Characters that reorder the text around them (embeddings, overrides, isolates): in a name an
 * operator gives, 'Safe\u202eexe.fdp' reads as 'Safepdf.exe'. Marks that only say a direction
 * (U+200E, U+200F) reorder nothing and stay allowed.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * No text a request carries may hold a NUL character: PostgreSQL's text cannot store one, so it
 * would fail as a server error wherever a field's own schema lets any character through (a title, a
 * name). Nor may an operator's text hold a direction control: what operators write is shown to
 * every user. Refused before the schema's own checks, in every part of the request.
 */
function refusingControls(
  validate: { (data: unknown): boolean; errors?: ErrorObject[] | null | undefined },
  operator: boolean,
) {
  const refusals: [string, RegExp][] = operator
    ? [
        ['nul', NUL],
        ['bidi', BIDI_CONTROL],
      ]
    : [['nul', NUL]];
  const check = (data: unknown) => {
    for (const [keyword, refused] of refusals) {
      const at = textAt(data, refused);
      if (at !== null) {
        check.errors = [{ keyword, instancePath: at, schemaPath: '', params: {} }];
        return false;
      }
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  };
  check.errors = null as ErrorObject[] | null | undefined;
  return check;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart, url }) =>
  refusingControls(
    httpPart === 'body' ? strict.compile(schema as object) : coercingValidator(schema as object),
    url.startsWith('/admin/'),
  );

export interface ValidationRefusal {
  message: string;
  /** The web's translation key, with the values it names. */
  key: string;
  params: Record<string, string>;
}

/** JSON Schema's types in words ("amount must be a string"). */
const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** The domain's refusal of an amount (its field, its reason), if the failure is of an AmountInput. */
function amountRefusal(error: Partial<ErrorObject>, field: string): ValidationRefusal | undefined {
  const rules = (error.keyword === AMOUNT_KEYWORD ? error.schema : error.parentSchema?.[AMOUNT_KEYWORD]) as
    | AmountRules
    | undefined;
  if (!rules) return undefined;
  const parsed = parseAmount(field, error.data, rules);
  return parsed.ok ? undefined : { message: parsed.message, key: parsed.key, params: parsed.params ?? { field } };
}

/**
 * The failure that says what is wrong: of a choice's ('order_id' as a number or as its digits), the
 * one of the form whose type the value has, so '2147483648' is refused for its range, not for not
 * being a number; and of a choice of null or an object, the failure inside the object, so a bonus
 * event missing a field is refused for that field, not for not being null.
 */
function tellingError(errors: readonly Partial<ErrorObject>[]): Partial<ErrorObject> | undefined {
  const choice = errors.find((e) => e.keyword === 'anyOf');
  const at = choice?.instancePath ?? '';
  const inForm = (e: Partial<ErrorObject>) =>
    e.keyword !== 'anyOf' &&
    ((e.instancePath ?? '').startsWith(`${at}/`) ||
      (e.instancePath === at && e.keyword !== 'type' && hasType(e.parentSchema?.type, e.data)));
  return (choice && errors.find(inForm)) ?? errors[0];
}

/** Whether a value is of a schema's JSON type. */
function hasType(type: unknown, value: unknown): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return typeof type === 'string' && typeof value === type;
}

/** Most values a refusal lists; a longer choice is only said not to be allowed. */
const MAX_LISTED_VALUES = 12;

/**
 * The values a refused choice takes, listed ('1, 2, 3'): of an enum, of a constant, or of a choice
 * of constants (a union of literals), whichever the failure is about; null when the choice is of
 * forms rather than values, or too long to list.
 */
function allowedValues(errors: readonly Partial<ErrorObject>[], first: Partial<ErrorObject>): string[] | null {
  const choice = errors.find((e) => e.keyword === 'anyOf' && e.instancePath === first.instancePath);
  const forms = (choice?.schema ?? null) as PropertySchema[] | null;
  const params = (first.params ?? {}) as { allowedValues?: unknown[]; allowedValue?: unknown };
  const values = Array.isArray(forms)
    ? forms.every((form) => 'const' in form)
      ? forms.map((form) => form.const)
      : null
    : first.keyword === 'enum'
      ? (params.allowedValues ?? null)
      : first.keyword === 'const'
        ? [params.allowedValue]
        : null;
  if (values === null || values.length === 0 || values.length > MAX_LISTED_VALUES) return null;
  // A value taken as a number or as its digits (-1 or "-1") is said once.
  return [...new Set(values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))))];
}

/** The contract's RowId: a whole number from 1 to ROW_ID_MAX. */
function isRowId(schema: unknown): boolean {
  const s = schema as PropertySchema | undefined;
  return s?.type === 'integer' && s.minimum === 1 && s.maximum === ROW_ID_MAX;
}

/** Most characters of a field's name a refusal repeats (a body may nest 20,000 deep). */
const FIELD_SHOWN = 100;
/** What a field's name must not carry back to the caller: a NUL, a direction control. */
const UNSHOWN_IN_NAMES = new RegExp(`${NUL.source}|${BIDI_CONTROL.source}`, 'g');

/**
 * A field's name as a refusal says it: the caller's own keys, so a NUL or a direction control in
 * one is shown as U+FFFD rather than sent back to reorder the words around it, and a path nested
 * past FIELD_SHOWN characters is cut with an ellipsis.
 */
function shownField(path: string): string {
  const plain = path.replace(UNSHOWN_IN_NAMES, '\uFFFD');
  return plain.length > FIELD_SHOWN ? `${plain.slice(0, FIELD_SHOWN)}…` : plain;
}

/**
 * A validation failure in words that name the field ("amount is required", "password must be at
 * least 8 characters"), with a key so the web says it in the reader's language. A pattern is not
 * shown: a regular expression means nothing to the person who typed the value.
 */
export function describeValidation(errors: readonly Partial<ErrorObject>[], context: string): ValidationRefusal {
  const first = tellingError(errors);
  const path = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = shownField(path || context);
  const params = (first?.params ?? {}) as Record<string, unknown>;
  const refusal = (key: string, message: string, extra: Record<string, string> = {}): ValidationRefusal => ({
    message,
    key: `validation.${key}`,
    params: { field, ...extra },
  });
  const idRange = () =>
    refusal('idRange', `${field} must be a whole number from 1 to ${ROW_ID_MAX}`, {
      min: '1',
      max: String(ROW_ID_MAX),
    });
  if (!first) return refusal('invalid', `${field} is invalid`);
  // An amount is refused in the domain's words, whatever the schema tripped on (a number, null).
  const amount = amountRefusal(errors[0] ?? first, field);
  if (amount) return amount;
  // A row id is refused in the same words whether it came as a number or as text, in a body or in
  // a query string or path ('0x10', '01', ' 1' and 2^31 alike).
  const idText = first.keyword === 'type' && typeof first.data === 'string';
  if ((first.keyword === 'minimum' || first.keyword === 'maximum' || idText) && isRowId(first.parentSchema))
    return idRange();
  switch (first.keyword) {
    case 'required': {
      const missing = `${path ? `${path}.` : ''}${String(params.missingProperty ?? '')}`;
      return { ...refusal('required', `${missing} is required`), params: { field: missing } };
    }
    case 'enum':
    case 'const':
    case 'anyOf': {
      const allowed = allowedValues(errors, first);
      if (allowed === null) return refusal('notAllowed', `${field} has a value that is not allowed`);
      const [only] = allowed;
      if (allowed.length === 1 && only !== undefined)
        return refusal('oneOf', `${field} must be ${only}`, { allowed: only, context: 'one' });
      return refusal('oneOf', `${field} must be one of ${allowed.join(', ')}`, { allowed: allowed.join(', ') });
    }
    case 'nul':
      return refusal('nul', `${field} must not contain a NUL character`);
    case 'bidi':
      return refusal('bidi', `${field} must not contain a character that reorders text`);
    case 'pattern':
      if (params.pattern === ROW_ID_PATTERN) return idRange();
      if (params.pattern === NAME_PATTERN || params.pattern === NAME_OR_EMPTY_PATTERN)
        return refusal('name', `${field} needs a letter or digit, with no blanks before or after it`);
      return refusal('pattern', `${field} is not in the expected form`);
    case 'minimum':
      return refusal('minimum', `${field} must be at least ${String(params.limit)}`, { limit: String(params.limit) });
    case 'maximum':
      return refusal('maximum', `${field} must be at most ${String(params.limit)}`, { limit: String(params.limit) });
    case 'format':
      return refusal('format', `${field} must be a valid ${String(params.format)}`, { format: String(params.format) });
    case 'minLength':
      if (String(params.limit) === '1') return refusal('empty', `${field} cannot be empty`);
      return refusal('minLength', `${field} must be at least ${String(params.limit)} characters`, {
        limit: String(params.limit),
      });
    case 'maxLength':
      return refusal('maxLength', `${field} must be at most ${String(params.limit)} characters`, {
        limit: String(params.limit),
      });
    case 'type': {
      const type = TYPE_WORDS[String(params.type)] ?? String(params.type);
      return refusal('type', `${field} must be ${type}`, { type });
    }
    default:
      return refusal('invalid', `${field} ${first.message ?? 'is invalid'}`);
  }
}
