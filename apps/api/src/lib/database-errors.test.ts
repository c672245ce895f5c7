import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors';

/** An error as Drizzle throws it: its own, with the driver's (and its SQLSTATE) as the cause. */
const wrapped = (code: string, message = 'driver error') =>
  Object.assign(new Error('Failed query: insert into offers …'), { cause: Object.assign(new Error(message), { code }) });

describe('isDatabaseUnavailable', () => {
  it('takes a write refused by a standby or a demoted primary (25006) for the database being away', () => {
    expect(isDatabaseUnavailable(wrapped('25006', 'cannot execute INSERT in a read-only transaction'))).toBe(true);
  });

  it('takes a shutdown, a refused connection and a cut connection for the database being away', () => {
    expect(isDatabaseUnavailable(wrapped('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves the query’s own errors (a unique violation, a syntax error, a serialization failure) to their handlers', () => {
    expect(isDatabaseUnavailable(wrapped('23505'))).toBe(false);
    expect(isDatabaseUnavailable(wrapped('42601'))).toBe(false);
    expect(isDatabaseUnavailable(wrapped('40001'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
