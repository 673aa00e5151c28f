import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { failureMessage } from './failure-message.ts';

describe('failureMessage', () => {
  it('keeps a rule message, explains a database code, and never shows raw database text', () => {
    expect(failureMessage(new AppError(409, 'conflict', 'The store S1 does not exist'))).toBe('The store S1 does not exist');
    const unique = Object.assign(new Error('duplicate key value violates unique constraint "stores_code_key"'), { code: '23505' });
    expect(failureMessage(unique)).toBe('a row repeats a value that must be unique (it may already exist)');
    // Drizzle wraps the driver error: the code is found on its cause.
    expect(failureMessage(new Error('Failed query: insert into ...', { cause: unique }))).not.toContain('stores_code_key');
    expect(failureMessage(new Error('relation "x" does not exist'))).toBe('an unexpected error occurred; the details are in the server log');
  });
});
