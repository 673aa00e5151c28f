import { secondFactorI18n } from '../../domains/identity/second-factor.i18n.ts';
import { operationsI18n } from '../../domains/operations/operations.i18n.ts';
import type { Dictionaries } from '../../lib/i18n.ts';
import { inputsI18n } from '../../ui/inputs.i18n.ts';
import { uiI18n } from '../../ui/ui.i18n.ts';

/**
 * The texts of the generic blocks and of what the shell shows on every screen (the step-up dialog, exports and the
 * download list), registered when the admin shell loads. A domain's own texts arrive with its screens: each
 * `*.screens.tsx` registers its dictionary, so a route loads only the texts it can show.
 */
export const ADMIN_DICTIONARIES: readonly Dictionaries[] = [uiI18n, inputsI18n, secondFactorI18n, operationsI18n];
