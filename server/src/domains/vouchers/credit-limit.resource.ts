import { sql } from 'drizzle-orm';
import { creditLimitBody, creditLimitRow, type CreditLimitListQuery, type CreditLimitRow } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { PARTNER_FROM, partnerSearch, partnersOnly } from './partner.resource.ts';

/**
 * cms Method of Payment, Credit Limit: each partner's limit of open credit orders beside what is in use and what is
 * left. The same partners' rows, another view of them: its edit writes the limit alone, with the partner's version,
 * audited as a change of the partner.
 */
export const creditLimitDef: ResourceDef<CreditLimitRow, CreditLimitListQuery> = {
  entity: 'partner',
  label: 'Partner',
  table: 'partners',
  select: sql`select p.id, p.partner_code, p.name, pic.name as pic_user_name, p.credit_limit, cu.used as credit_used,
    p.credit_limit - cu.used as credit_available, p.status, p.updated_at, ub.name as updated_by_name, p.version`,
  from: PARTNER_FROM,
  countFrom: partnersOnly,
  pageFrom: partnersOnly,
  id: 'p.id',
  toRow: rowReader(creditLimitRow),
  sort: { name: 'lower(p.name)', partner_code: 'lower(p.partner_code)', credit_limit: 'p.credit_limit', updated_at: 'p.updated_at' },
  search: partnerSearch,
  where: (q) => [
    q.status !== undefined ? sql`p.status = ${q.status}` : undefined,
    q.has_limit === undefined ? undefined : q.has_limit ? sql`p.credit_limit > 0` : sql`p.credit_limit = 0`,
  ],
  writable: writableColumns([creditLimitBody]),
  // The audit keeps the limit before and after; what is in use is computed, the names are the users'.
  auditView: (r) => ({ id: r.id, partner_code: r.partner_code, credit_limit: r.credit_limit }),
};

export class CreditLimitService extends ResourceService<CreditLimitRow, CreditLimitListQuery> {
  constructor(db: Db) {
    super(creditLimitDef, db);
  }
}
