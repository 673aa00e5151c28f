import { z } from 'zod';
import { PASSWORD_MIN } from './limits.ts';

export const usernameField = z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100);
export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, 'Password is too long');
export const otpField = z
  .string({ error: 'OTP is required' })
  .min(1, 'OTP is required')
  .regex(/^\d{6}$/, 'OTP must be exactly 6 digits');

/** A new password must be long enough and mix letters with digits or symbols. */
export const newPasswordField = passwordField.refine((p) => /[A-Za-z]/.test(p) && /[^A-Za-z]/.test(p), {
  message: 'Password must contain letters and at least one digit or symbol',
});

/** An e-mail address, trimmed and lower-cased; its messages name the field (`Contact e-mail is not valid`). */
export const emailFieldOf = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .toLowerCase()
    .max(200, `${label} must be at most 200 characters`)
    .pipe(z.email(`${label} is not valid`));
export const emailField = emailFieldOf('E-mail');
/**
 * A moment (a timestamptz column) as it travels: ISO-8601 in UTC with milliseconds, `2025-01-31T03:00:00.000Z`. Row
 * schemas mark their moments with this one schema (`created_at: isoDateTime`, `solved_at: isoDateTime.nullable()`):
 * the server's row reader recognises it and writes the database's value in that form. A plain `z.string()` is read as
 * the text it is.
 */
export const isoDateTime = z.string();
