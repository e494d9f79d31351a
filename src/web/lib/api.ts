// Types only: the server's route declarations type every call (apiCall below); nothing of the server
// (or of classic Zod) reaches the bundle (docs/decisions/011-declared-contract.md).
import type { ApiRoutes } from '../../server/features';
import type { $ZodType, input, output } from 'zod/v4/core';
import { analyticsSession } from './analytics';
import type { Language } from '@shared/domain';
import type { ErrorParams } from '@shared/error-codes';
import { loadErrorTable, localizeError } from './error-messages';
import { currentLanguage } from './i18n';

/**
 * The one fetch wrapper: credentials always included; a non-success response throws an ApiError whose
 * message is "<status>: <text>", with the server's `{ message }` kept for toasts.
 */
/** A fresh Idempotency-Key: one per opened form or typed message, so a double click creates one record. */
export const newIdempotencyKey = (): string => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly body: unknown,
    /** The X-Request-Id header of the answer, when it had one. */
    private readonly headerRequestId?: string,
  ) {
    super(`${status}: ${serverMessage}`);
  }
  /**
   * The id the server logged the request under (decision 040): a 5xx body's `requestId`, else the
   * X-Request-Id header (a proxy's 502 has no body of ours, but may carry the id).
   */
  get requestId(): string | undefined {
    const id = this.body && typeof this.body === 'object' ? (this.body as { requestId?: unknown }).requestId : undefined;
    return typeof id === 'string' && id ? id : this.headerRequestId || undefined;
  }
  /** The error's code (`SLOT_FULL`, `EMAIL_TAKEN` …), when the body has one. */
  get code(): string | undefined {
    const code = this.body && typeof this.body === 'object' ? (this.body as { code?: unknown }).code : undefined;
    return typeof code === 'string' ? code : undefined;
  }
  get params(): ErrorParams | undefined {
    const params = this.body && typeof this.body === 'object' ? (this.body as { params?: unknown }).params : undefined;
    return params && typeof params === 'object' ? (params as ErrorParams) : undefined;
  }
}

/**
 * Requests index.html starts before any script runs (its boot script, decision 019): the session, the public
 * configuration and, on `/`, the services. The first GET of each URL takes the response already on its way.
 */
function earlyResponse(method: string, url: string): Promise<Response> | undefined {
  const boot = (globalThis as { __glintBoot?: Record<string, Promise<Response> | undefined> }).__glintBoot;
  if (method !== 'GET' || !boot?.[url]) return undefined;
  const early = boot[url];
  delete boot[url];
  return early;
}

let held: Promise<void> | undefined;

/**
 * Holds every answer until the returned release is called. A page hydrating the HTML the build rendered
 * (main.tsx, decision 061) must first render what the server did, its own data still loading: a page's
 * data that arrived before hydration would make React throw the server's HTML away.
 */
export function holdAnswers(): () => void {
  let release!: () => void;
  held = new Promise((resolve) => (release = resolve));
  return () => {
    held = undefined;
    release();
  };
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  // State changes name the analytics session, so the server records account_created and bookings in it.
  const sid = method !== 'GET' ? analyticsSession() : undefined;
  if (sid) headers = { 'x-analytics-session': sid, ...headers };
  const response = await (earlyResponse(method, url) ??
    fetch(url, {
      method,
      credentials: 'include',
      headers: body !== undefined ? { 'content-type': 'application/json', ...headers } : headers,
      body: body !== undefined ? JSON.stringify(body) : undefined,
    }));
  if (held) await held;
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    const message =
      parsed && typeof parsed === 'object' && 'message' in parsed && typeof (parsed as { message: unknown }).message === 'string'
        ? (parsed as { message: string }).message
        : text || response.statusText;
    // The words for its code in the page's language are fetched when the language is chosen; on a slow
    // network they may still be on their way, and an error shown meanwhile would read in English.
    const language = currentLanguage();
    if (language !== 'en') await loadErrorTable(language).catch(() => undefined);
    throw new ApiError(response.status, message, parsed, response.headers.get('x-request-id') ?? undefined);
  }
  return parsed as T;
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body?: unknown, headers?: Record<string, string>) => apiRequest<T>('POST', url, body ?? {}, headers),
  put: <T>(url: string, body?: unknown) => apiRequest<T>('PUT', url, body ?? {}),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body ?? {}),
  delete: <T>(url: string, body?: unknown) => apiRequest<T>('DELETE', url, body),
};

/** The word before a request id in a 5xx error's message. */
const REFERENCE: Record<Language, string> = { en: 'Reference', es: 'Referencia', fr: 'Référence' };

/**
 * An error's words for a toast, in the page's language: rendered from the error's code and params
 * (English: the server's own message), the server's message for a code we do not know, `fallback` when
 * the response had no body to speak of. A 5xx adds "Reference: <request id>" for the customer to quote.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const language = currentLanguage();
    const words = localizeError(language, { code: error.code, params: error.params, message: error.serverMessage }) || fallback;
    // Our fault, not the visitor's: the id lets support find the request's log lines when they quote it.
    return error.status >= 500 && error.requestId ? `${words} ${REFERENCE[language]}: ${error.requestId}` : words;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

// The typed client
/** 'GET /api/services/:id', … — one key per declared route. */
export type ApiKey = ApiRoutes extends infer R ? (R extends { method: infer M extends string; url: infer U extends string } ? `${M} ${U}` : never) : never;

type RouteOf<K extends ApiKey> = ApiRoutes extends infer R ? (R extends { method: string; url: string } ? (`${R['method']} ${R['url']}` extends K ? R : never) : never) : never;
type SchemaOf<K extends ApiKey> = RouteOf<K>['schema'];
type In<S> = S extends $ZodType ? input<S> : never;
type SchemaPart<K extends ApiKey, Name extends string> = SchemaOf<K> extends { [P in Name]?: infer S } ? S : undefined;

/** A part is required when its schema has a required field, optional when every field is, absent without a schema. */
// `{} extends T` is the test for "every field optional".
/* eslint-disable @typescript-eslint/no-empty-object-type */
type Part<Name extends string, S> = [S] extends [$ZodType] ? ({} extends In<S> ? { [P in Name]?: In<S> } : { [P in Name]: In<S> }) : { [P in Name]?: never };

export type ApiRequest<K extends ApiKey> = Part<'params', SchemaPart<K, 'params'>> &
  Part<'query', SchemaPart<K, 'querystring'>> &
  Part<'body', SchemaPart<K, 'body'>> & { headers?: Record<string, string> };

type SuccessSchema<R> = { [C in keyof R]: C extends 200 | 201 | 202 ? R[C] : never }[keyof R];
/** What a call resolves to: the declared success body, after the server serialised it through its schema. */
export type ApiResponse<K extends ApiKey> = SuccessSchema<SchemaOf<K>['response']> extends infer S ? (S extends $ZodType ? output<S> : never) : never;

type OptionalIfEmpty<K extends ApiKey> = {} extends ApiRequest<K> ? [request?: ApiRequest<K>] : [request: ApiRequest<K>];
/* eslint-enable @typescript-eslint/no-empty-object-type */

/**
 * One typed call: `apiCall('GET /api/services/:id/available-slots', { params: { id }, query: { date } })`.
 * The key, params, query, body and result are all checked at compile time against the server's declaration.
 */
export function apiCall<K extends ApiKey>(key: K, ...[request]: OptionalIfEmpty<K>): Promise<ApiResponse<K>> {
  const space = key.indexOf(' ');
  const method = key.slice(0, space);
  const { params, query, body, headers } = (request ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> };
  let url = key.slice(space + 1).replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  if (search.size) url += `?${search}`;
  // Writes always send a JSON body (an empty one when the route takes none), as the old helpers did; DELETE only when given.
  const payload = method === 'GET' ? undefined : (body ?? (method === 'DELETE' ? undefined : {}));
  return apiRequest<ApiResponse<K>>(method, url, payload, headers);
}
