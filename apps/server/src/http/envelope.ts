import { Code } from '@earn/domain';
import { Envelope } from '@earn/domain/contract';
import { type TSchema, Type } from 'typebox';

export function ok<T>(data: T, code: number = Code.Success) {
  return { code, message: 'success', data };
}

export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  data: Type.Optional(Type.Unknown()),
  require_fundpass: Type.Optional(Type.Boolean()),
  key: Type.Optional(Type.String({ description: 'i18n key of the message, when the catalogue names one' })),
  params: Type.Optional(
    Type.Record(Type.String(), Type.String(), { description: 'the values the i18n message interpolates' }),
  ),
});

/** Response schemas of a route: its envelope on success and the error envelope otherwise. */
export function responses<T extends TSchema>(data: T) {
  return { 200: Envelope(data), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
}
