import type { Lang } from '@portal/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

/*
 * The i18n runtime: one i18next instance, the UI language and the helpers around it. It holds no texts of its own:
 * the app registers the shell's dictionaries at start-up and the admin shell the generic blocks' and the domains'
 * when it loads, so this lowest layer (and the sign-in route) carries none of them.
 */

/** Texts of one part of the UI, per language, as flat keys under that part's prefix. */
export interface Dictionaries {
  en: Record<string, string>;
  id: Record<string, string>;
}

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
  resources: { en: { translation: {} }, id: { translation: {} } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  // Flat keys: contract and server messages (with dots and colons in them) can be keys of their own.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The chosen language as i18next holds it: always `en` or `id` (the stored choice or `setLanguage`'s). */
const langOf = (language: string | undefined): Lang => (language === 'id' ? 'id' : 'en');

const applyLanguage = (lang: Lang) => {
  dayjs.locale(lang === 'id' ? 'id' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
};
applyLanguage(currentLang());

/**
 * Adds texts to both languages, merged into the one flat dictionary per language. A dictionary registered later
 * wins on a key two of them hold (the dictionaries' test keeps every key to one text, so the order does not matter).
 */
export function registerDictionaries(...dictionaries: readonly Dictionaries[]): void {
  for (const dictionary of dictionaries) {
    for (const lang of LANGUAGES) i18n.addResourceBundle(lang, 'translation', dictionary[lang], true, true);
  }
  // i18next resolves the language only once it has texts: the first dictionaries settle `resolvedLanguage`.
  if (!i18n.resolvedLanguage) void i18n.changeLanguage(i18n.language);
}

/** The UI language, as the contract's format helpers take it. */
export function currentLang(): Lang {
  return langOf(i18n.language);
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
  return langOf(instance.language);
}

/** Translates a message that may come from the contract or the server: known English texts have a translation, others show as is. */
export function translateMessage(message: string): string {
  return i18n.t(message, { defaultValue: message });
}
