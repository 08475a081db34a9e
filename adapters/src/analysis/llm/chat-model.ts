import type { z } from 'zod';
import { analyzerDraftSchema } from '@civicwatch/core';

/** One message of a chat with a language model; both OpenAI and Ollama speak this shape. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The JSON a model's answer must follow: a name for it, and its schema (an object schema, as OpenAI's strict
 * structured output requires). The analyzer's draft by default; the wording of a comparison has its own.
 */
export interface AnswerFormat {
  name: string;
  schema: z.ZodObject;
}

/** What an analysis asks a model for: the analyzer draft. */
export const draftAnswerFormat: AnswerFormat = { name: 'analyzer_draft', schema: analyzerDraftSchema };

/**
 * One technology's way of asking a chat model for a JSON answer that follows the schema of its `AnswerFormat`
 * (each implementation attaches the schema in its own API's terms).
 * Contract: one request, no retries (the caller owns retries so every model behaves alike); resolves to
 * the raw text of the answer ('' when the model gave none); rejects with `ModelCallError` when the
 * service fails; rejects with anything once `signal` is aborted (the caller looks at the signal itself).
 */
export interface ChatModel {
  complete(messages: readonly ChatMessage[], signal: AbortSignal): Promise<string>;
}

/** The model service failed to answer. `retryable` for timeouts, network errors, 408/409/429 and 5xx. */
export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** From `Retry-After` / `retry-after-ms`, when the service said how long to wait. */
    readonly retryAfterMs: number | undefined = undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ModelCallError';
  }
}

/** Statuses worth another try: the service is busy or briefly broken, not refusing this request. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Milliseconds to wait according to `retry-after-ms` (OpenAI's) or `Retry-After` (seconds or an HTTP
 * date, RFC 9110 §10.2.3); undefined when absent or unreadable.
 */
export function retryAfterFromHeaders(headers: Headers | undefined, now: () => number = Date.now): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number.parseFloat(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

/** Pino-compatible subset, so the composition root can pass its logger as is. */
export interface AnalyzerLogger {
  warn(details: object, message: string): void;
}
