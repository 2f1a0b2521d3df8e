import { EMAIL_PATTERN } from '@earn/domain';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

function makeAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: true, allErrors: false, strict: false });
  addFormats.default(ajv, ['date-time', 'date']);
  // The domain's email rule, the one the web's forms check before sending.
  ajv.addFormat('email', new RegExp(EMAIL_PATTERN));
  return ajv;
}

// Bodies are taken as typed: a JSON number where the contract says a decimal string is refused, so
// money never passes through a JavaScript number. Query strings and path params are text by nature
// and are coerced to the declared integer or boolean.
const strict = makeAjv(false);
const coercing = makeAjv('array');

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strict : coercing).compile(schema as object);

/** A validation failure in words that name the field: "amount is required", "amount must be string". */
export function describeValidation(errors: readonly Partial<ErrorObject>[], context: string): string {
  const first = errors[0];
  if (!first) return `${context} is invalid`;
  const field = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (first.keyword === 'required') {
    const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty ?? '';
    return `${field ? `${field}.` : ''}${missing} is required`;
  }
  if (first.keyword === 'enum' || first.keyword === 'const' || first.keyword === 'anyOf') {
    return `${field || context} has a value that is not allowed`;
  }
  return `${field || context} ${first.message ?? 'is invalid'}`;
}
