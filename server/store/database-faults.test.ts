import { describe, expect, it } from 'vitest';
import {
  isRetryable,
  isUnreachable,
  retryingConflicts,
  unavailableBecause,
} from './database-faults.ts';

const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
const noPause = () => Promise.resolve();

describe('retrying deadlocks and serialization failures', () => {
  it('runs the work again after a deadlock and answers what the next run gave', async () => {
    let runs = 0;
    const result = await retryingConflicts(
      () => {
        runs++;
        if (runs < 3) throw pgError('40P01', 'deadlock detected');
        return Promise.resolve('stored');
      },
      { attempts: 4, pause: noPause },
    );
    expect(result).toBe('stored');
    expect(runs).toBe(3);
  });

  it('gives up after the bounded number of runs with the last error, which answers 503', async () => {
    let runs = 0;
    const retried: number[] = [];
    const running = retryingConflicts(
      () => {
        runs++;
        throw pgError('40001', 'could not serialize access');
      },
      { attempts: 4, pause: noPause, onRetry: (_error, attempt) => retried.push(attempt) },
    );
    const error: unknown = await running.catch((e: unknown) => e);
    expect((error as { code: string }).code).toBe('40001');
    expect(runs).toBe(4);
    expect(retried).toEqual([1, 2, 3]);
    expect(unavailableBecause(error)).toMatch(/too busy/);
  });

  it('does not run again after any other error (a broken rule, a bug)', async () => {
    let runs = 0;
    const running = retryingConflicts(
      () => {
        runs++;
        throw pgError('23505', 'duplicate key');
      },
      { attempts: 4, pause: noPause },
    );
    await expect(running).rejects.toThrow('duplicate key');
    expect(runs).toBe(1);
  });

  it('waits longer before each further run', async () => {
    const waits: number[] = [];
    await retryingConflicts(
      () => {
        if (waits.length < 2) throw pgError('40P01');
        return Promise.resolve(undefined);
      },
      {
        attempts: 4,
        pause: (attempt) => {
          waits.push(attempt);
          return Promise.resolve();
        },
      },
    );
    expect(waits).toEqual([1, 2]);
  });
});

describe('which faults mean the database is away', () => {
  it('knows a refused, cut or shut-down connection', () => {
    expect(isUnreachable(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(
      true,
    );
    expect(isUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnreachable(pgError('57P01', 'terminating connection due to administrator'))).toBe(
      true,
    );
    expect(isUnreachable(pgError('08006'))).toBe(true);
    expect(isUnreachable(new AggregateError([pgError('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves other errors to answer 500', () => {
    expect(isUnreachable(pgError('23505'))).toBe(false);
    expect(isUnreachable(new TypeError('x is undefined'))).toBe(false);
    expect(isRetryable(pgError('23505'))).toBe(false);
    expect(unavailableBecause(new Error('bug'))).toBeUndefined();
  });
});
