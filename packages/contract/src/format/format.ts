export const TIME_ZONE = 'Asia/Jakarta';
export type Lang = 'en' | 'id';

const rupiahNumber = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** Rp with dot thousands: 1500000 → "Rp 1.500.000". Money is an integer number of Rupiah. */
export function formatRupiah(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '-';
  const text = `Rp ${rupiahNumber.format(Math.abs(Math.round(amount)))}`;
  return amount < 0 ? `-${text}` : text;
}

/** A whole number with dot thousands, as Indonesian writes it: 12345 → "12.345". */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return rupiahNumber.format(Math.round(value));
}

const COMPACT_UNITS: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** K, M, B, T with one decimal: 1530 → "1.5K"; below 1000 the number as is. */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  for (const [size, unit] of COMPACT_UNITS) {
    if (abs >= size) return `${value < 0 ? '-' : ''}${(Math.floor((abs / size) * 10) / 10).toFixed(1)}${unit}`;
  }
  return String(value);
}

const dateParts = (lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'id' ? 'id-ID' : 'en-GB', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
const formatters: Record<Lang, Intl.DateTimeFormat> = { en: dateParts('en'), id: dateParts('id') };

/** DD/MMM/YYYY HH:mm:ss in Asia/Jakarta, month names in the UI language: "22/Nov/2026 09:56:05". */
export function formatDateTime(value: string | Date | null | undefined, lang: Lang = 'en', withTime = true): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '-';
  const parts = Object.fromEntries(formatters[lang].formatToParts(date).map((p) => [p.type, p.value]));
  const month = (parts.month ?? '').replace('.', '');
  const day = `${parts.day}/${month.charAt(0).toUpperCase()}${month.slice(1, 3)}/${parts.year}`;
  return withTime ? `${day} ${parts.hour}:${parts.minute}:${parts.second}` : day;
}

export const formatDate = (value: string | Date | null | undefined, lang: Lang = 'en') => formatDateTime(value, lang, false);

/** Cuts text to n characters and adds an ellipsis; shorter text is returned as is. */
export function truncate(text: string | null | undefined, n: number): string {
  if (!text) return '';
  return text.length > n ? `${text.slice(0, n)}...` : text;
}

export const SHEET_NAME_MAX = 31;
/** Spreadsheet sheet names are at most 31 characters. */
export function checkSheetName(name: string): string {
  if (name.length > SHEET_NAME_MAX) throw new Error('Sheet name too long');
  return name;
}

/** A file name already taken gets "duplicate" and a counter: report.xlsx → report duplicate 1.xlsx. */
export function uniqueFileName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let i = 1; ; i++) {
    const candidate = `${base} duplicate ${i}${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A date range is valid when its two dates are no more than 6 days apart. */
export function isDateRangeWithin(from: Date, to: Date, maxDays = 6): boolean {
  const days = Math.abs(to.getTime() - from.getTime()) / 86_400_000;
  return days <= maxDays;
}
