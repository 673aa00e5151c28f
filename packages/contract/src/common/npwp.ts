import { z } from 'zod';

/** NPWP: 15 digits (`01.234.567.8-901.000`), or 16 since the NIK-based form; dots, dashes and spaces are dropped. */
export const npwpField = z
  .string()
  .transform((v) => v.replace(/[\s.-]/g, ''))
  .pipe(z.string().regex(/^\d{15,16}$/, 'NPWP must have 15 or 16 digits, like 01.234.567.8-901.000'));

/** An NPWP as it is printed: 15 digits as `01.234.567.8-901.000`, 16 in groups of four. */
export function formatNpwp(digits: string | null): string {
  if (!digits) return '-';
  const m = /^(\d{2})(\d{3})(\d{3})(\d)(\d{3})(\d{3})$/.exec(digits);
  if (m) return `${m[1]}.${m[2]}.${m[3]}.${m[4]}-${m[5]}.${m[6]}`;
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
