import type { DomainError } from './domain-error.ts';

/** Expected business failures are returned, never thrown (docs/architecture.md, "Errors"). */
export type Result<T, E extends DomainError = DomainError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E extends DomainError>(error: E): Result<never, E> => ({ ok: false, error });

/** True for a Result whose ok is false: a unit of work rolls back on it. */
export const isFailedResult = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'ok' in value && value.ok === false && 'error' in value;
