import { AppError, pgCode } from './errors.ts';

/** What the database's own error codes mean to a person looking at a failed background job (an import). */
const BY_CODE: Record<string, string> = {
  '23505': 'a row repeats a value that must be unique (it may already exist)',
  '23503': 'a row refers to a record that does not exist, or is still referred to',
  '23502': 'a required value is missing',
  '23514': 'a value breaks a rule of the data',
  '22001': 'a value is too long',
  '22003': 'a number is out of range',
  '22P02': 'a value has the wrong format',
  '22007': 'a date or time is not valid',
  '22008': 'a date or time is out of range',
  '40001': 'it collided with another change; try again',
  '40P01': 'it collided with another change; try again',
  '57014': 'it took too long and was stopped',
};

/**
 * A failure as a person reads it: a rule's own message, or what a database error means, never the database's raw text
 * (which names tables, constraints and values). The raw error goes to the server log.
 */
export function failureMessage(err: unknown): string {
  if (err instanceof AppError) return err.message;
  const code = pgCode(err);
  return (code && BY_CODE[code]) ?? 'an unexpected error occurred; the details are in the server log';
}
