import { sql, type SQL } from 'drizzle-orm';
import {
  REGION_CODE_PREFIX,
  VILLAGE_MIN_SEARCH,
  type DistrictListQuery,
  type DistrictRow,
  type ListMeta,
  type ProvinceListQuery,
  type ProvinceRow,
  type RegencyListQuery,
  type RegencyRow,
  type VillageDetail,
  type VillageListQuery,
  type VillageRow,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likePattern, pagedList, whereOf } from '../../platform/pagination.ts';

interface Level {
  table: SQL;
  /** The select list, already aliased to the contract's row fields. */
  columns: SQL;
  parent?: SQL;
}

const LEVELS = {
  province: { table: sql`provinces`, columns: sql`code, name` },
  regency: { table: sql`regencies`, columns: sql`code, province_code, name, kind`, parent: sql`province_code` },
  district: { table: sql`districts`, columns: sql`code, regency_code, name`, parent: sql`regency_code` },
  village: { table: sql`villages`, columns: sql`code, district_code, name`, parent: sql`district_code` },
} satisfies Record<string, Level>;

type Query = ProvinceListQuery & { parent?: string | undefined };

/** A search of digits and dots is a code prefix; anything else a case-insensitive substring of the name. */
function searchOf(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  if (REGION_CODE_PREFIX.test(search)) return sql`code like ${`${search.replace(/[\\%_]/g, '')}%`}`;
  return sql`lower(name) like lower(${likePattern(search)})`;
}

export class RegionService {
  constructor(private readonly db: Db) {}

  private async list<T>(level: Level, q: Query): Promise<{ data: T[]; meta: ListMeta }> {
    const where = whereOf([level.parent && q.parent ? sql`${level.parent} = ${q.parent}` : undefined, searchOf(q.search)]);
    const dir = q.sort_dir === 'desc' ? sql`desc` : sql`asc`;
    const orderBy = q.sort_by === 'name' ? sql`name ${dir}, code ${dir}` : sql`code ${dir}`;
    const from = sql`from ${level.table}`;
    if (q.is_all) {
      const rows = await queryRows(this.db, sql`select ${level.columns} ${from} ${where} order by ${orderBy}`);
      return { data: rows as T[], meta: { page: 1, limit: rows.length, total: rows.length, total_kind: 'exact' } };
    }
    const page = await pagedList(this.db, { select: sql`select ${level.columns}`, from, where, orderBy, page: q });
    return { data: page.data as T[], meta: page.meta };
  }

  provinces(q: ProvinceListQuery) {
    return this.list<ProvinceRow>(LEVELS.province, q);
  }

  regencies(q: RegencyListQuery) {
    return this.list<RegencyRow>(LEVELS.regency, { ...q, parent: q.province_code });
  }

  districts(q: DistrictListQuery) {
    if (q.is_all && !q.regency_code) throw badRequest('is_all=true on districts needs a regency_code.');
    return this.list<DistrictRow>(LEVELS.district, { ...q, parent: q.regency_code });
  }

  villages(q: VillageListQuery) {
    if (!q.district_code && (q.search ?? '').length < VILLAGE_MIN_SEARCH) {
      throw badRequest(`Villages are listed per district: give a district_code, or a search of at least ${VILLAGE_MIN_SEARCH} characters.`);
    }
    if (q.is_all && !q.district_code) throw badRequest('is_all=true on villages needs a district_code.');
    return this.list<VillageRow>(LEVELS.village, { ...q, parent: q.district_code });
  }

  /** A village with its district, regency and province, for showing a saved address. */
  async village(code: string): Promise<VillageDetail> {
    const row = (
      await queryRows(
        this.db,
        sql`select v.code, v.district_code, v.name,
                   d.code as d_code, d.regency_code as d_regency_code, d.name as d_name,
                   r.code as r_code, r.province_code as r_province_code, r.name as r_name, r.kind as r_kind,
                   p.code as p_code, p.name as p_name
              from villages v
              join districts d on d.code = v.district_code
              join regencies r on r.code = d.regency_code
              join provinces p on p.code = r.province_code
             where v.code = ${code}`,
      )
    )[0];
    if (!row) throw notFound('Village');
    const s = (k: string) => String(row[k]);
    return {
      code: s('code'),
      district_code: s('district_code'),
      name: s('name'),
      district: { code: s('d_code'), regency_code: s('d_regency_code'), name: s('d_name') },
      regency: { code: s('r_code'), province_code: s('r_province_code'), name: s('r_name'), kind: s('r_kind') as RegencyRow['kind'] },
      province: { code: s('p_code'), name: s('p_name') },
    };
  }
}
