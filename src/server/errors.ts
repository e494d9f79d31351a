import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SLOT_FULL: 409,
  GONE: 410,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
} as const;
export type AppErrorCode = keyof typeof STATUS_BY_CODE;

/** The one error type of the server; the error handler maps its code to a status and `{ message, code }`. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do that') => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** Any Zod schema, classic or mini. */
interface ParsesInput<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: ZodLikeIssue[] } };
}
interface ZodLikeIssue {
  message: string;
  path: PropertyKey[];
}

/** Parses input with a shared Zod schema; the first problem becomes a 400 with its message. */
export function parse<T>(schema: ParsesInput<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

function validationError(error: { issues: ZodLikeIssue[] }): AppError {
  const issue = error.issues[0];
  const message = issue ? issue.message : 'Invalid request';
  return new AppError('BAD_REQUEST', message, { field: issue?.path.map(String).join('.') });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ message: error.message, code: error.code, ...error.details });
    }
    if (error instanceof ZodError) {
      const mapped = validationError(error);
      return reply.status(400).send({ message: mapped.message, code: mapped.code });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type): safe to show.
      return reply.status(status).send({ message: readableFastifyMessage(error as FastifyError), code: (error as FastifyError).code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.', code: 'INTERNAL' });
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
