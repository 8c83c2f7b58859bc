import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseUnavailableReason } from './unavailable.ts';

/** Errors shaped as node-postgres, pg-pool and Node's sockets raise them. */
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('databaseUnavailableReason', () => {
  it.each([
    ['a refused connection', socketError('ECONNREFUSED'), 'ECONNREFUSED'],
    ['a server shutting down', pgError('57P01', 'terminating connection due to administrator command'), '57P01'],
    ['a server starting up', pgError('57P03', 'the database system is starting up'), '57P03'],
    ['a connection exception', pgError('08006', 'connection failure'), '08006'],
    ['a query with no answer', new Error('Query read timeout'), 'Query read timeout'],
    [
      'no connection free in time',
      new Error('timeout exceeded when trying to connect'),
      'timeout exceeded when trying to connect',
    ],
    ['the embedded database closed', new Error('PGlite is closed'), 'PGlite is closed'],
    [
      'the pool closed',
      new Error('Cannot use a pool after calling end on the pool'),
      'Cannot use a pool after calling end on the pool',
    ],
    ['a dropped connection', new Error('Connection terminated unexpectedly'), 'Connection terminated'],
    [
      'any of those inside Drizzle’s wrapper',
      new DrizzleQueryError('select 1', [], socketError('ECONNRESET')),
      'ECONNRESET',
    ],
  ])('names %s', (_what, error, reason) => {
    expect(databaseUnavailableReason(error)).toBe(reason);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a payment provider out of reach', new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') })],
    ['the S3 store out of reach', Object.assign(socketError('ECONNREFUSED'), { $metadata: { attempts: 3 } })],
    ['nothing at all', undefined],
  ])('leaves %s alone', (_what, error) => {
    expect(databaseUnavailableReason(error)).toBeUndefined();
  });
});
