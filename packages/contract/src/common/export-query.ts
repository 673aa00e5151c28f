import { z } from 'zod';

/** The three export formats of spec section 9: CSV with a byte-order mark, TXT (tab-separated) and XLSX. */
export const EXPORT_FORMATS = ['csv', 'txt', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Query parameters an export adds to its list's own query (whose page, limit and cursor it ignores). */
export const exportParams = { format: z.enum(EXPORT_FORMATS).default('csv') };

/** The export query of a list: the list's filters, search and sort, plus the format. */
export const exportQueryOf = <S extends z.ZodRawShape>(list: z.ZodObject<S>) => list.extend(exportParams);
