import { sql } from 'drizzle-orm';
import { posTermsAssociate, TIME_ZONE, type PosTermsAssociate } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import type { StaffPurchase, StaffPurchaseLedger, TillReceipt, TillRefusal } from '../../platform/till-receipts.ts';

const readAssociate = rowReader(posTermsAssociate);

/** The Jakarta month an instant (`at` of `h`) falls in, as its first instant. */
const monthOf = (at: string) => sql.raw(`date_trunc('month', ${at} at time zone '${TIME_ZONE}')`);

/**
 * The Associate Loyalty Program's staff purchases as the tills send them (POST pos/sales): a receipt may name an active
 * associate by employee number with the staff discount the till gave. Each one is the associate's history row, in the
 * receipt's transaction, with the associate's monthly quota as it stood and the month's staff discounts before it (in
 * time order, Jakarta month); whether it took the month past the quota follows from them. A receipt arriving late
 * recounts the later ones of its associate's month, so the flags always read the history as it is.
 */
export class StaffPurchaseService implements StaffPurchaseLedger {
  async check(receipts: readonly TillReceipt[], db: Db): Promise<TillRefusal[]> {
    const named = receipts.filter((r) => r.sale.associate);
    if (!named.length) return [];
    const numbers = [...new Set(named.map((r) => r.sale.associate!.employee_no.toUpperCase()))];
    const found = await queryRows<{ employee_no: string; status: number }>(
      db,
      sql`select employee_no, status from associates where employee_no in (select json_array_elements_text(${JSON.stringify(numbers)}::json))`,
    );
    const status = new Map(found.map((a) => [a.employee_no, Number(a.status)]));
    return named.flatMap((r): TillRefusal[] => {
      const no = r.sale.associate!.employee_no.toUpperCase();
      const state = status.get(no);
      if (state === 1) return [];
      const problem = state === undefined ? `Associate ${no} does not exist` : `Associate ${no} is inactive and receives no staff discount`;
      return [{ path: `transactions.${r.index}.associate.employee_no`, message: `Transaction ${r.sale.transaction_id}: ${problem}` }];
    });
  }

  /** A store's active associates, with the staff discounts their Jakarta month of `day` has recorded. */
  async associatesAt(storeId: number, day: string, db: Db): Promise<PosTermsAssociate[]> {
    const month = sql`(date_trunc('month', ${day}::date)::timestamp at time zone ${TIME_ZONE})`;
    const rows = await queryRows(
      db,
      sql`select a.employee_no, a.monthly_quota,
          coalesce((select sum(h.discount) from associate_history h where h.associate_id = a.id and h.at >= ${month} and h.at < ${month} + interval '1 month'), 0) as used_this_month
        from associates a where a.store_id = ${storeId} and a.status = 1 order by a.employee_no`,
    );
    return rows.map(readAssociate);
  }

  async record(tx: Tx, purchases: readonly StaffPurchase[]): Promise<void> {
    if (!purchases.length) return;
    const rows = purchases.map((p) => ({ ...p, employeeNo: p.employeeNo.toUpperCase() }));
    await tx.execute(sql`insert into associate_history (associate_id, receipt_no, store_id, amount, discount, at, transaction_pk, quota, used_before, over_quota)
      select a.id, p."receiptNo", p."storeId", p.amount, p.discount, p.at, p."transactionPk", a.monthly_quota, 0, false
      from json_to_recordset(${JSON.stringify(rows)}::json) as p("employeeNo" text, "transactionPk" bigint, "receiptNo" text, "storeId" int, amount bigint, discount bigint, at timestamptz)
      join associates a on a.employee_no = p."employeeNo"
      order by a.id, p.at`);
    // The months these purchases fall in, of their associates: each row's discounts before it, and its flag.
    await tx.execute(sql`with touched as (
        select distinct a.id as associate_id, ${monthOf('p.at')} as month
        from json_to_recordset(${JSON.stringify(rows)}::json) as p("employeeNo" text, at timestamptz) join associates a on a.employee_no = p."employeeNo"),
      w as (
        select h.id, coalesce(sum(h.discount) over (partition by h.associate_id, t.month order by h.at, h.id rows between unbounded preceding and 1 preceding), 0) as before
        from touched t join associate_history h on h.associate_id = t.associate_id
          and h.at >= (t.month at time zone ${TIME_ZONE}) and h.at < ((t.month + interval '1 month') at time zone ${TIME_ZONE}))
      update associate_history h set used_before = w.before, over_quota = w.before + h.discount > coalesce(h.quota, 0)
      from w where h.id = w.id and (h.used_before is distinct from w.before or h.over_quota is distinct from (w.before + h.discount > coalesce(h.quota, 0)))`);
  }
}

