import { z } from 'zod';
import { listQuery } from './list-query.ts';

/** Kemendagri region codes in their dotted form: province 11, regency 11.01, district 11.01.01, village 11.01.01.2001. */
export const REGION_CODE = {
  province: /^\d{2}$/,
  regency: /^\d{2}\.\d{2}$/,
  district: /^\d{2}\.\d{2}\.\d{2}$/,
  village: /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/,
} as const;
/** Any level, for a code-prefix search. */
export const REGION_CODE_ANY = /^\d{2}(\.\d{2}(\.\d{2}(\.\d{4})?)?)?$/;
/** A search that looks like (the start of) a code is matched as a code prefix; anything else matches names. */
export const REGION_CODE_PREFIX = /^\d[\d.]*$/;

/** Villages may only be listed under a district or with a search at least this long (83k rows otherwise). */
export const VILLAGE_MIN_SEARCH = 3;

const codeOf = (level: keyof typeof REGION_CODE, label: string) =>
  z.string().trim().regex(REGION_CODE[level], `${label} must look like ${({ province: '11', regency: '11.01', district: '11.01.01', village: '11.01.01.2001' })[level]}`);

export const provinceRow = z.object({ code: z.string(), name: z.string() });
export const regencyKind = z.enum(['Kabupaten', 'Kota']);
export const regencyRow = z.object({ code: z.string(), province_code: z.string(), name: z.string(), kind: regencyKind });
export const districtRow = z.object({ code: z.string(), regency_code: z.string(), name: z.string() });
export const villageRow = z.object({ code: z.string(), district_code: z.string(), name: z.string() });
/** A village with its whole chain, for showing a saved address. */
export const villageDetail = villageRow.extend({ district: districtRow, regency: regencyRow, province: provinceRow });
export type ProvinceRow = z.infer<typeof provinceRow>;
export type RegencyRow = z.infer<typeof regencyRow>;
export type DistrictRow = z.infer<typeof districtRow>;
export type VillageRow = z.infer<typeof villageRow>;
export type VillageDetail = z.infer<typeof villageDetail>;

/** Region lists sort by code (the official order) or name, ascending by default. */
const regionList = <F extends z.ZodRawShape>(filters: F) =>
  listQuery(['code', 'name'] as const, { sort_dir: z.enum(['asc', 'desc']).default('asc'), ...filters });

export const provinceListQuery = regionList({});
export const regencyListQuery = regionList({ province_code: codeOf('province', 'province_code').optional() });
export const districtListQuery = regionList({ regency_code: codeOf('regency', 'regency_code').optional() });
export const villageListQuery = regionList({ district_code: codeOf('district', 'district_code').optional() });
export type ProvinceListQuery = z.infer<typeof provinceListQuery>;
export type RegencyListQuery = z.infer<typeof regencyListQuery>;
export type DistrictListQuery = z.infer<typeof districtListQuery>;
export type VillageListQuery = z.infer<typeof villageListQuery>;

export const villageCodeParam = z.object({ code: codeOf('village', 'code') }).strict();
