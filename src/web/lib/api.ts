/**
 * The one fetch wrapper: credentials always included; a non-success response throws an ApiError whose
 * message is "<status>: <text>" as the spec says, with the server's `{ message }` kept for toasts.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly body: unknown,
  ) {
    super(`${status}: ${serverMessage}`);
  }
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'content-type': 'application/json', ...headers } : headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
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
    throw new ApiError(response.status, message, parsed);
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

/** The server's own words for an error, for a toast. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
