import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

import { ERROR_STATUS, type ErrorBody, type ErrorCode, type ErrorParams } from '../shared/error-codes';
import { isDatabaseConnectionError } from './db/connection-errors';

export type AppErrorCode = ErrorCode;

/**
 * The one error type of the server: a domain code and its params (what the web renders, per language)
 * plus an English message for API users and logs. The error handler maps the code to a status and
 * `{ code, message, params? }`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
  get body(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.params ? { params: this.params } : {}) };
  }
}

interface ZodLikeIssue {
  message: string;
  path: PropertyKey[];
}

function validationError(error: { issues: ZodLikeIssue[] }): AppError {
  const issue = error.issues[0];
  const message = issue ? issue.message : 'Invalid request';
  return new AppError('INVALID_INPUT', message, { field: issue?.path.map(String).join('.') ?? '' });
}

const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/**
 * Every answer carries its request id in the X-Request-Id header; a 5xx body carries it too (`requestId`),
 * so "something went wrong" can be found in the logs, where every line of the request has it as `reqId`.
 * 4xx bodies stay as they are: answers that must not differ (an unknown order number and a wrong e-mail)
 * stay byte-identical (docs/decisions/040).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(error.status >= 500 ? { ...error.body, requestId: request.id } : error.body);
    }
    if (error instanceof ZodError) {
      const mapped = validationError(error);
      return reply.status(400).send(mapped.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A declared request schema refused the input (FST_ERR_VALIDATION): the first issue, worded like a ZodError's.
      const notFound = request.routeOptions.config.declaration?.notFound;
      if (error.validationContext === 'params' && notFound) return reply.status(404).send(new AppError(notFound.code, notFound.message).body);
      const issue = error.validation[0]!;
      const field = issue.instancePath.split('/').filter(Boolean).join('.');
      return reply.status(400).send(new AppError('INVALID_INPUT', issue.message ?? 'Invalid request', { field }).body);
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type): safe to show.
      return reply.status(status).send({ message: readableFastifyMessage(error as FastifyError), code: (error as FastifyError).code });
    }
    const unique = uniqueViolation(error);
    if (unique) {
      // Two identical creates raced past the app's own check: the loser is told, never a 500.
      request.log.warn({ constraint: unique.constraint }, 'unique violation');
      return reply.status(409).send(new AppError('ALREADY_EXISTS', unique.message, unique.field ? { field: unique.field } : undefined).body);
    }
    if (isDatabaseConnectionError(error)) {
      // The database restarted or dropped the connection: this request failed, the next one gets a new
      // connection (decision 028). A 503 tells clients and load balancers to try again shortly.
      request.log.warn({ code: databaseErrorCode(error) }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').send({ ...new AppError('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE).body, requestId: request.id });
    }
    // A database error carries the failed statement's parameters (password hashes, tokens): log only what names the fault.
    request.log.error({ err: safeError(error) }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.', code: 'INTERNAL', requestId: request.id });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' }));
}

function readableFastifyMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'The request body is not valid JSON';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'The request body is too large';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type';
  return error.message;
}

interface DatabaseErrorLike {
  code?: string;
  constraint?: string;
  constraint_name?: string;
  cause?: DatabaseErrorLike;
  message?: string;
}

/** A PostgreSQL unique violation (23505), on the error or its cause (drizzle wraps the driver's error). */
export function uniqueViolation(error: unknown): { constraint: string; field: string | null; message: string } | undefined {
  const e = error as DatabaseErrorLike | undefined;
  const db = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  if (!db) return undefined;
  const constraint = db.constraint ?? db.constraint_name ?? '';
  if (/email/i.test(constraint)) return { constraint, field: 'email', message: 'Email already registered' };
  return { constraint, field: null, message: 'That already exists. Refresh to see it.' };
}

/** What of an unexpected error may be logged: its name, code, message and stack, never the statement's parameters. */
export function safeError(error: unknown): Record<string, unknown> {
  const e = error as DatabaseErrorLike & { name?: string; stack?: string };
  const cause = e?.cause;
  return {
    type: e?.name,
    code: e?.code,
    // drizzle's message is "Failed query: <sql>\nparams: <values>": keep the SQL, drop the values.
    message: typeof e?.message === 'string' ? e.message.replace(/\nparams:[\s\S]*$/, '') : String(error),
    stack: typeof e?.stack === 'string' ? e.stack.replace(/\nparams:[^\n]*/g, '') : undefined,
    ...(cause ? { cause: { code: cause.code, message: cause.message } } : {}),
  };
}

/**
 * A short, safe description of an error for a log line: the first code found on it or its causes (drizzle
 * wraps the driver's error: "Failed query: …", the driver's error as cause) with that error's first line,
 * never a statement's values.
 */
export function describeError(error: unknown): string {
  for (let e = error as DatabaseErrorLike | undefined, depth = 0; e && typeof e === 'object' && depth < 4; e = e.cause, depth++) {
    if (typeof e.code === 'string' && e.code) return `${e.code}${typeof e.message === 'string' ? ` ${e.message.split('\n')[0]!.slice(0, 120)}` : ''}`;
  }
  // No code: the innermost message (pg-pool's "timeout exceeded when trying to connect" has none).
  let inner = error as DatabaseErrorLike | undefined;
  for (let depth = 0; inner?.cause && typeof inner.cause === 'object' && depth < 4; depth++) inner = inner.cause;
  const message = inner && typeof inner === 'object' ? inner.message : error;
  return typeof message === 'string' ? message.split('\n')[0]!.slice(0, 120) : 'unknown error';
}

/** The driver's code of a lost connection (57P01, ECONNREFUSED…), under drizzle's wrapper when there is one. */
function databaseErrorCode(error: unknown): string | undefined {
  const e = error as DatabaseErrorLike | undefined;
  return e?.code ?? e?.cause?.code ?? e?.cause?.message;
}
