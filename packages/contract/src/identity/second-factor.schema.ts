import { z } from 'zod';
import { otpField } from '../common/fields.ts';
import { RECOVERY_CODE_PATTERN } from './second-factor.rules.ts';

export const recoveryCodeField = z.string().trim().regex(RECOVERY_CODE_PATTERN, 'A recovery code has 12 letters and digits');

/** A second-factor code: the 6 digits of the authenticator or of the e-mail, or a recovery code. */
export const secondFactorCode = z
  .string({ error: 'The code is required' })
  .trim()
  .min(1, 'The code is required')
  .refine((c) => otpField.safeParse(c).success || RECOVERY_CODE_PATTERN.test(c), 'Enter the 6-digit code or a recovery code');

/** A code typed to confirm an enrolment, a change of it, or a step-up. */
export const secondFactorCodeBody = z.object({ code: secondFactorCode }).strict();
/** Enabling takes the 6 digits the app shows for the new secret. */
export const secondFactorEnableBody = z.object({ code: otpField }).strict();

export const secondFactorStatus = z.object({
  /** An authenticator app is enrolled and in use. */
  enrolled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  /** The user's role requires a second factor (without an app, the code comes by e-mail). */
  required_by_role: z.boolean(),
  /** When this session last passed a second factor, and until when that counts for sensitive changes. */
  passed_at: z.string().nullable(),
  step_up_valid_until: z.string().nullable(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;

export const secondFactorSetup = z.object({
  /** `otpauth://totp/…`, what the QR code holds. */
  otpauth_url: z.string(),
  /** The QR code as a PNG data URL. */
  qr_data_url: z.string(),
  /** The secret in base32, for typing into an app by hand. */
  secret: z.string(),
});
export type SecondFactorSetup = z.infer<typeof secondFactorSetup>;

/** Recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesData = z.object({ recovery_codes: z.array(z.string()) });

export const stepUpCodeData = z.object({ otp_expires_in: z.number().int() });
