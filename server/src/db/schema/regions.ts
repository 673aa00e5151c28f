import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Indonesian administrative regions (Kemendagri codes, dotted form: 11, 11.01, 11.01.01, 11.01.01.2001).
 * Reference data loaded at start from server/reference-data/id-regions (see domains/catalog/regions.loader.ts).
 * Each level has an index for "children of a parent, by name" and one on lower(name) with text_pattern_ops for
 * case-insensitive prefix search.
 */
export const provinces = pgTable(
  'provinces',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [index('provinces_name_idx').on(sql`lower(${t.name}) text_pattern_ops`)],
);

export const regencies = pgTable(
  'regencies',
  {
    code: text('code').primaryKey(),
    provinceCode: text('province_code')
      .notNull()
      .references(() => provinces.code),
    name: text('name').notNull(),
    /** 'Kota' for cities (names starting "Kota "), else 'Kabupaten'; derived from the name by the database. */
    kind: text('kind')
      .notNull()
      .generatedAlwaysAs(sql`case when name like 'Kota %' then 'Kota' else 'Kabupaten' end`),
  },
  (t) => [index('regencies_parent_idx').on(t.provinceCode, t.name), index('regencies_name_idx').on(sql`lower(${t.name}) text_pattern_ops`)],
);

export const districts = pgTable(
  'districts',
  {
    code: text('code').primaryKey(),
    regencyCode: text('regency_code')
      .notNull()
      .references(() => regencies.code),
    name: text('name').notNull(),
  },
  (t) => [index('districts_parent_idx').on(t.regencyCode, t.name), index('districts_name_idx').on(sql`lower(${t.name}) text_pattern_ops`)],
);

export const villages = pgTable(
  'villages',
  {
    code: text('code').primaryKey(),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
    name: text('name').notNull(),
  },
  (t) => [index('villages_parent_idx').on(t.districtCode, t.name), index('villages_name_idx').on(sql`lower(${t.name}) text_pattern_ops`)],
);
