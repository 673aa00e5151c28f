/* The second factor's constants, zod-free: the sign-in page reads them on the first screen. */

/** How a sign-in's second step is passed: an authenticator app (TOTP) or a code e-mailed to the account. */
export const SECOND_FACTORS = ['totp', 'email'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** Minutes a passed second factor counts for the step-up of sensitive changes. */
export const STEP_UP_MINUTES = 15;
/** The error code of a 403 that asks for the second factor again (the web opens the step-up dialog). */
export const STEP_UP_REQUIRED = 'step_up_required';
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as shown: three groups of four letters or digits (`k7qm-2xfp-9dna`); case and dashes are ignored. */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/;
