import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { $ZodType, output } from 'zod/v4/core';
import type { ErrorCode } from '../../shared/error-codes';
import { errorBody, findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../shared/schemas/common';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { isLoopback } from './loopback';

/**
 * One declaration per route (docs/decisions/011-declared-contract.md): method, path, the request and
 * response Zod schemas, the guard and the handler. The same declaration validates the input, serialises
 * the output (a field the response schema does not name never leaves the server), produces the OpenAPI
 * document, types the web client (`ApiRoutes`, type only) and feeds the bad-input and authorisation sweeps.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A response that is not JSON (an image): documented per content type, sent as bytes without serialising. */
export interface ContentResponse {
  description: string;
  content: Record<string, { schema: $ZodType }>;
}

export interface RouteSchema {
  params?: $ZodType;
  querystring?: $ZodType;
  body?: $ZodType;
  headers?: $ZodType;
  /** The success statuses; every route also answers 4xx with `errorBody`, added at registration. */
  response: Record<number, $ZodType | ContentResponse>;
  summary?: string;
  description?: string;
  tags?: string[];
}

export type RouteRequest<S extends RouteSchema> = FastifyRequest<RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, S, ZodTypeProvider>;
export type RouteReply<S extends RouteSchema> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** What a handler may return: the body of a declared success status (or the reply it already sent). */
export type ResponseOf<S extends RouteSchema> = {
  [K in keyof S['response']]: S['response'][K] extends $ZodType ? output<S['response'][K]> : unknown;
}[keyof S['response']];

export type RouteHandler<S extends RouteSchema> = (request: RouteRequest<S>, reply: RouteReply<S>, ctx: AppContext) => Promise<ResponseOf<S> | FastifyReply>;

/** A preValidation guard: 401/403 come before any complaint about the input. */
export type Guard = (request: FastifyRequest) => Promise<void>;

export interface RouteDeclaration<M extends HttpMethod = HttpMethod, U extends string = string, S extends RouteSchema = RouteSchema> {
  method: M;
  url: U;
  schema: S;
  guard?: Guard;
  /** Registered outside production only (and documented only there), and answered to this machine only. */
  devOnly?: boolean;
  /** A malformed path id is answered like someone else's: 404 with this message, never a hint that the format matters. */
  notFound?: { code: ErrorCode; message: string };
  /** Reshapes the raw body before validation (a route that accepts two spellings of its payload). */
  prepareBody?: (body: unknown) => unknown;
  /** Sets up an encapsulated scope for this route alone (raw bodies, multipart). */
  scope?: (scope: FastifyInstance) => Promise<void>;
  handler: RouteHandler<S>;
}

/** Any declaration, whatever its schemas (the handler's parameters are checked at its definition). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDeclaration<HttpMethod, string, any>;

export function defineRoute<const M extends HttpMethod, const U extends string, const S extends RouteSchema>(
  declaration: Omit<RouteDeclaration<M, U, S>, 'handler'>,
  handler: RouteHandler<S>,
): RouteDeclaration<M, U, S> {
  return { ...declaration, handler };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route was registered from (the error handler reads `notFound`). */
    declaration?: AnyRoute;
  }
}

/**
 * Development routes (the mail outbox with every reset link, test bookings) are for the developer's own
 * machine: with HOST=0.0.0.0 the rest of the network must not reach them. Other clients get the 404 an
 * unknown path gets.
 */
async function answerLoopbackOnly(request: FastifyRequest): Promise<void> {
  if (!isLoopback(request.socket.remoteAddress)) throw new AppError('NOT_FOUND', 'Not found');
}

/** Registers declarations on the app; every route answers its 4xx with the shared error body. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext, routes: readonly AnyRoute[]): Promise<void> {
  for (const route of routes) {
    if (route.devOnly && ctx.config.isProduction) continue;
    const preValidation = [
      ...(route.devOnly ? [answerLoopbackOnly] : []),
      ...(route.guard ? [route.guard] : []),
      ...(route.prepareBody
        ? [
            async (request: FastifyRequest) => {
              request.body = route.prepareBody!(request.body);
            },
          ]
        : []),
      refuseUnsafeText,
    ];
    const options: RouteOptions = {
      method: route.method,
      url: route.url,
      schema: { ...route.schema, response: { ...route.schema.response, '4xx': errorBody } },
      config: { declaration: route },
      ...(preValidation.length ? { preValidation } : {}),
      handler: (request, reply) => route.handler(request as never, reply as never, ctx),
    };
    if (route.scope) {
      const setUp = route.scope;
      await app.register(async (scope) => {
        await setUp(scope);
        scope.route(options);
      });
    } else {
      app.route(options);
    }
  }
}

/**
 * Every declared route, before its schemas run (and after its guard: 401/403 still come first): a NUL or
 * half a surrogate pair in any path parameter, query string, body or header is refused with 400
 * INVALID_TEXT, whatever the route declares, so no such string reaches a service or the database
 * (docs/decisions/031). A path id with a `notFound` answer is answered like any other malformed id.
 */
async function refuseUnsafeText(request: FastifyRequest): Promise<void> {
  const parts = { params: request.params, query: request.query, body: request.body, headers: request.headers };
  for (const [part, value] of Object.entries(parts)) {
    const field = findUnsafeText(value);
    if (field === undefined) continue;
    const notFound = request.routeOptions.config.declaration?.notFound;
    if (part === 'params' && notFound) throw new AppError(notFound.code, notFound.message);
    throw new AppError('INVALID_TEXT', UNSAFE_TEXT_MESSAGE, { field: field || part });
  }
}

/**
 * The type provider's validator, with one difference: a missing body or query string is validated as `{}`,
 * so the answer names the first missing field.
 */
export const inputValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  const part = (route as { httpPart?: string }).httpPart;
  return part === 'body' || part === 'querystring' ? (data) => validate(data ?? {}) : validate;
};
