import { Code } from '@earn/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, JSON_ONLY } from '../errors.js';
import { noteUnexpectedError } from './request-log.js';
import { describeValidation } from './validation.js';

/**
 * The one place errors become envelopes, always whole ({ code, message, data }): catalogue errors keep their code and message, schema
 * failures name the field, and anything unexpected is logged on the request's one line and answered
 * without a stack or SQL text.
 */
export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.status(error.status).send({
      code: error.code,
      message: error.message,
      data: error.extra.data ?? null,
      ...(error.extra.key ? { key: error.extra.key } : {}),
      ...(error.extra.params ? { params: error.extra.params } : {}),
      ...(error.extra.requireFundpass ? { require_fundpass: true } : {}),
    });
  }
  if (error.validation) {
    const { message, key, params } = describeValidation(error.validation, error.validationContext ?? 'request');
    return reply.status(400).send({ code: Code.Failure, message, data: null, key, params });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // A body the server could not read (not JSON, another type, too large): the web never sends one.
    // A type with no parser (text, multipart) is told as the session hook tells a form.
    const message = error.statusCode === 415 ? JSON_ONLY : error.message;
    return reply.status(error.statusCode).send({ code: Code.Failure, message, data: null, key: 'common.unreadable' });
  }
  noteUnexpectedError(request, error);
  return reply.status(500).send({
    code: Code.Failure,
    message: 'Something went wrong on our side; please retry later',
    data: null,
    key: 'common.serverError',
  });
}
