import type { z } from 'zod';

/**
 * A non-OK answer (docs/product/screens.md "Messages"): the message is `${status}: ${body text, or the status text when the body is
 * empty}`, so callers that look for "401:" and "Unauthorized" in it keep working.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The parsed JSON body (the API answers `{ code, message }`), or null when the body is not JSON. */
  body(): unknown {
    try {
      return JSON.parse(this.bodyText) as unknown;
    } catch {
      return null;
    }
  }
}

/** The request was aborted because it outlived its `timeoutMs`. */
export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';
}

/** The server's own `message` from an error answer, for toasts that show it (docs/product/screens.md "Messages"). */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const body = error.body();
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  return undefined;
}

/** The server's error `code` (`email.unverified`, `auth.wrong_password`...), for answers a page handles by kind. */
export function serverErrorCode(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const body = error.body();
  return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
}

/** A 401 whose message names Unauthorized: the session is gone (docs/product/screens.md "Common behaviour"). */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401:') && error.message.includes('Unauthorized');
}

export function isAuthFailure(error: unknown): error is HttpError {
  return error instanceof HttpError && (error.status === 401 || error.status === 403);
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON with a JSON content type. */
  json?: unknown;
  /** Sent as multipart; the browser sets the content type with its boundary. */
  formData?: FormData;
  /** Abort and throw RequestTimeoutError after this many milliseconds. */
  timeoutMs?: number;
};

/**
 * One call to the API (docs/product/api.md "How the web app calls the API"): session cookie included, JSON in and out. Resolves to the raw parsed
 * body (undefined for an empty answer such as 204); throws HttpError for a non-OK status.
 */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  return (await apiRequestWithHeaders(path, options)).body;
}

/** As apiRequest, with the answer's headers too (list calls count their items in `X-Total-Count`). */
export async function apiRequestWithHeaders(path: string, options: RequestOptions = {}): Promise<{ body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.formData) {
    body = options.formData;
  }

  const controller = options.timeoutMs === undefined ? undefined : new AbortController();
  const timer = controller && setTimeout(() => controller.abort(), options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body,
      signal: controller?.signal,
    });
  } catch (error) {
    if (controller?.signal.aborted) throw new RequestTimeoutError('Request timed out');
    throw error;
  } finally {
    clearTimeout(timer);
  }

  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, text, response.statusText);
  return { body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
}

/** GET a path and check its answer against the shared contract. */
export async function getJson<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  return schema.parse(await apiRequest(path));
}

/**
 * GET one page of a list whose size the server gives in `X-Total-Count`; without the header, the list
 * is taken to be whole (its length is the total).
 */
export async function getJsonPage<S extends z.ZodType<unknown[]>>(path: string, schema: S): Promise<{ items: z.output<S>; total: number }> {
  const { body, headers } = await apiRequestWithHeaders(path);
  const items = schema.parse(body);
  const header = Number(headers.get('X-Total-Count'));
  return { items, total: headers.has('X-Total-Count') && Number.isInteger(header) && header >= 0 ? header : items.length };
}

/** GET a path that answers 401 when signed out: signed out is an answer (null), not an error (docs/product/api.md "How the web app calls the API"). */
export async function getJsonOrNullIfUnauthorized<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> {
  try {
    return await getJson(path, schema);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}
