import { iso } from '../../platform/pagination.ts';

/** Column readers shared by the catalog's row mappers (drivers answer numbers of bigint columns as text). */
export const num = (v: unknown): number => Number(v);
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
export const audited = (r: Record<string, unknown>) => ({
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
  updated_by_name: textOrNull(r.updated_by_name),
  version: num(r.version),
});
