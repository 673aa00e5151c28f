import type { Lang } from '@portal/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { identityI18n } from '../domains/identity/identity.i18n.ts';
import { uiI18n } from '../ui/ui.i18n.ts';
import { en } from './locales/en.ts';
import { id } from './locales/id.ts';

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
    en: { translation: { ...uiI18n.en, ...identityI18n.en, ...en } },
    id: { translation: { ...uiI18n.id, ...identityI18n.id, ...id } },
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
