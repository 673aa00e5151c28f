import {
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  type Lang,
} from '@portal/contract';
import { useMemo } from 'react';
import { currentLang, useLang } from './i18n.ts';

/*
 * The contract's format helpers, bound to the UI language. Money and numbers do not depend on it (section 9:
 * Rp with dot thousands, compact K/M/B/T), dates do (month names), always in Asia/Jakarta.
 */
export {
  checkSheetName,
  formatCompact,
  formatCount,
  formatRupiah,
  isDateRangeWithin,
  TIME_ZONE,
  truncate,
  uniqueFileName,
} from '@portal/contract';

/** DD/MMM/YYYY HH:mm:ss in Asia/Jakarta, in the current language. */
export function formatDateTime(value: string | Date | null | undefined, withTime = true): string {
  return formatDateTimeIn(value, currentLang(), withTime);
}

/** DD/MMM/YYYY in Asia/Jakarta, in the current language. */
export function formatDate(value: string | Date | null | undefined): string {
  return formatDateIn(value, currentLang());
}

export interface Formatters {
  lang: Lang;
  dateTime: (value: string | Date | null | undefined, withTime?: boolean) => string;
  date: (value: string | Date | null | undefined) => string;
}

/** The date formatters for a component, re-created (and the component re-rendered) when the language changes. */
export function useFormat(): Formatters {
  const lang = useLang();
  return useMemo(
    () => ({
      lang,
      dateTime: (value, withTime = true) => formatDateTimeIn(value, lang, withTime),
      date: (value) => formatDateIn(value, lang),
    }),
    [lang],
  );
}
