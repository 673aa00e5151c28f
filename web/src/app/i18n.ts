import type { Lang } from '@portal/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { catalogI18n } from '../domains/catalog/catalog.i18n.ts';
import { ecommerceI18n } from '../domains/catalog/ecommerce.i18n.ts';
import { promotionI18n } from '../domains/promotion/promotion.i18n.ts';
import { contentI18n } from '../domains/content/content.i18n.ts';
import { consumersI18n } from '../domains/consumers/consumers.i18n.ts';
import { identityI18n } from '../domains/identity/identity.i18n.ts';
import { masterdataI18n } from '../domains/masterdata/masterdata.i18n.ts';
import { helpdeskI18n } from '../domains/helpdesk/helpdesk.i18n.ts';
import { operationsI18n } from '../domains/operations/operations.i18n.ts';
import { inputsI18n } from '../ui/inputs.i18n.ts';
import { uiI18n } from '../ui/ui.i18n.ts';
import { importWizardI18n } from '../ui/import-wizard.i18n.ts';
import { en } from './locales/en.ts';
import { id } from './locales/id.ts';

/** Each domain's texts (flat keys under its own prefix); a new domain adds its dictionary here. */
const DICTIONARIES: readonly { en: Record<string, string>; id: Record<string, string> }[] = [uiI18n, identityI18n, catalogI18n, inputsI18n, masterdataI18n, ecommerceI18n, promotionI18n, contentI18n, consumersI18n, helpdeskI18n, operationsI18n, importWizardI18n];

export const LANGUAGES: readonly Lang[] = ['en', 'id'];
const STORAGE_KEY = 'portal.lang';

function storedLanguage(): Lang {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'id' || value === 'en' ? value : 'en';
  } catch {
    return 'en';
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // The shell's texts, the generic blocks' and each domain's, merged into one flat dictionary per language.
  resources: {
    en: { translation: Object.assign({}, ...DICTIONARIES.map((d) => d.en), en) },
    id: { translation: Object.assign({}, ...DICTIONARIES.map((d) => d.id), id) },
  },
  lng: storedLanguage(),
  fallbackLng: 'en',
  // Flat keys: contract and server messages (with dots and colons in them) can be keys of their own.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const applyLanguage = (lang: Lang) => {
  dayjs.locale(lang === 'id' ? 'id' : 'en');
  document.documentElement.lang = lang;
};
applyLanguage(currentLang());

/** The UI language, as the contract's format helpers take it. */
export function currentLang(): Lang {
  return i18n.resolvedLanguage === 'id' ? 'id' : 'en';
}

/** Switches the UI (texts, antd, dayjs) and remembers the choice in localStorage. */
export function setLanguage(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
  applyLanguage(lang);
  void i18n.changeLanguage(lang);
}

/** The current language; re-renders the caller when it changes. */
export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  return instance.resolvedLanguage === 'id' ? 'id' : 'en';
}

/** Translates a message that may come from the contract or the server: known English texts have a translation, others show as is. */
export function translateMessage(message: string): string {
  return i18n.t(message, { defaultValue: message });
}
