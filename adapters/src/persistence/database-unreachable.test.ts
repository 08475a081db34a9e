import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './database-unreachable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a connection lost under a query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset socket', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a server shutting down (SQLSTATE 57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a connection failure (SQLSTATE class 08)', withCode('connection failure', '08006')],
    ['too many connections (SQLSTATE 53300)', withCode('sorry, too many clients already', '53300')],
    ['one of them as the cause of another error', new Error('query failed', { cause: new Error('Connection terminated unexpectedly') })],
  ])('is true for %s', (_what, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a bug', new TypeError('Cannot read properties of undefined')],
    ['a statement the database refused (unique violation)', withCode('duplicate key value violates unique constraint', '23505')],
    ['a check constraint', withCode('new row violates check constraint "users_credits_check"', '23514')],
    ['something that is not an error', 'Connection terminated unexpectedly'],
    ['nothing', undefined],
  ])('is false for %s', (_what, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});
