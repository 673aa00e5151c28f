import { catalogI18n } from '../../domains/catalog/catalog.i18n.ts';
import { ecommerceI18n } from '../../domains/catalog/ecommerce.i18n.ts';
import { consumersI18n } from '../../domains/consumers/consumers.i18n.ts';
import { contentI18n } from '../../domains/content/content.i18n.ts';
import { helpdeskI18n } from '../../domains/helpdesk/helpdesk.i18n.ts';
import { identityI18n } from '../../domains/identity/identity.i18n.ts';
import { secondFactorI18n } from '../../domains/identity/second-factor.i18n.ts';
import { masterdataI18n } from '../../domains/masterdata/masterdata.i18n.ts';
import { operationsI18n } from '../../domains/operations/operations.i18n.ts';
import { promotionI18n } from '../../domains/promotion/promotion.i18n.ts';
import type { Dictionaries } from '../../lib/i18n.ts';
import { importWizardI18n } from '../../ui/import-wizard.i18n.ts';
import { inputsI18n } from '../../ui/inputs.i18n.ts';
import { uiI18n } from '../../ui/ui.i18n.ts';

/**
 * The texts of the generic blocks and of each domain (flat keys under their own prefixes), registered when the admin
 * shell loads: every screen that shows them renders inside the shell, and the sign-in route carries none of them.
 * A new domain adds its dictionary here.
 */
export const ADMIN_DICTIONARIES: readonly Dictionaries[] = [
  uiI18n,
  identityI18n,
  secondFactorI18n,
  catalogI18n,
  inputsI18n,
  masterdataI18n,
  ecommerceI18n,
  promotionI18n,
  contentI18n,
  consumersI18n,
  helpdeskI18n,
  operationsI18n,
  importWizardI18n,
];
