import { expect } from 'vitest';

/** What a test sends to a live server: a session, a JSON body or a raw one, headers. */
export interface CallInit {
  cookie?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** The client's address as a reverse proxy reports it; the server reads it only with TRUST_PROXY. */
  forwardedFor?: string;
  signal?: AbortSignal;
}

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

/** One request to a server process over loopback; the whole body is read. */
export async function call(base: string, method: string, url: string, init: CallInit = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.forwardedFor) headers['x-forwarded-for'] = init.forwardedFor;
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(init.json);
  }
  const response = await fetch(`${base}${url}`, { method, headers, body, signal: init.signal });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers };
}

/** The session cookie a response set, for the next request's `cookie` header. */
export const cookieOf = (headers: Headers) => {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('civicwatch.sid='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
};

/** A clear answer: a success, or a 4xx whose body says what was wrong in `{ code, message }`. */
export function expectClearAnswer(answer: { status: number; text: string }, what: string) {
  expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400) expectErrorBody(answer, what);
}

/** An error body as every API error is: `{ code, message }`, both strings. Answers the code. */
export function expectErrorBody(answer: { text: string }, what: string): string {
  const body = JSON.parse(answer.text) as { code?: unknown; message?: unknown };
  expect(typeof body.code, `${what}: ${answer.text.slice(0, 300)}`).toBe('string');
  expect(typeof body.message, what).toBe('string');
  return body.code as string;
}
