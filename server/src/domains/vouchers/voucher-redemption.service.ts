import { sql } from 'drizzle-orm';
import {
  formatDate,
  formatDateTime,
  jakartaDay,
  jakartaDayStart,
  voucherRedeemSignedText,
  voucherStatusRow,
  type VoucherRedeemBody,
  type VoucherRedeemResult,
  type VoucherStatusRow,
} from '@portal/contract';
import type { Config } from '../../config.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { verifyWebhook, webhookSecretOf } from '../../platform/webhook-signature.ts';

/** The POS's signing secret: POS_SECRET, else derived from the app key. */
export const posSecretOf = (config: Pick<Config, 'POS_SECRET' | 'APP_SECRET' | 'APP_ENV' | 'DATA_DIR'>): string | Buffer => webhookSecretOf(config.POS_SECRET, config, 'pos-vouchers');

const readStatus = rowReader(voucherStatusRow);

/**
 * Released vouchers at the till and in Check Voucher Status. A redemption is one statement that marks the voucher used
 * only while it is unused, in date and valid at the store, so of any number of racing redemptions exactly one wins;
 * the others read the voucher to say why not, and a repeat of the winner's POS reference gets the winner's answer.
 */
export class VoucherRedemptionService {
  constructor(
    private readonly db: Db,
    private readonly secret: string | Buffer,
  ) {}

  async redeem(body: VoucherRedeemBody, now: Date): Promise<VoucherRedeemResult> {
    const { signature, ...fields } = body;
    verifyWebhook(this.secret, voucherRedeemSignedText(fields), signature);
    const today = jakartaDay(now);
    // One statement: the voucher marked used only while it may be, and the report totals moved with it (used today at
    // the store; no longer expiring the day after its last valid day).
    const [used] = await queryRows<{ denomination: string }>(
      this.db,
      sql`with used as (
          update vouchers v set used_at = ${now}, used_store_id = s.id, pos_ref = ${body.pos_ref}, pos_transaction_no = ${body.transaction_no}
          from stores s
          where v.code = ${body.voucher_barcode} and s.code = ${body.store_code} and v.used_at is null and v.valid_until >= ${today}::date
            and (not exists (select 1 from voucher_product_stores x where x.voucher_product_id = v.voucher_product_id)
              or exists (select 1 from voucher_product_stores x where x.voucher_product_id = v.voucher_product_id and x.store_id = s.id))
          returning v.partner_id, v.voucher_product_id, v.denomination, v.valid_until, s.id as store_id),
        counted as (
          insert into voucher_day_totals as t (day, partner_id, voucher_product_id, store_id, used_count, used_value)
          select ${today}::date, partner_id, voucher_product_id, store_id, 1, denomination from used
          on conflict (day, partner_id, voucher_product_id, store_id) do update set used_count = t.used_count + 1, used_value = t.used_value + excluded.used_value),
        unexpired as (
          update voucher_day_totals t set expired_count = t.expired_count - 1, expired_value = t.expired_value - used.denomination
          from used where t.day = used.valid_until + 1 and t.partner_id = used.partner_id and t.voucher_product_id = used.voucher_product_id and t.store_id = 0)
        select denomination from used`,
    );
    if (used) {
      return { voucher_barcode: body.voucher_barcode, denomination: Number(used.denomination), used_at: now.toISOString(), store_code: body.store_code, transaction_no: body.transaction_no, replayed: false };
    }
    return this.explain(body, today);
  }

  /** Why a redemption changed nothing: the first answer again for its own POS reference, else the reason it is refused. */
  private async explain(body: VoucherRedeemBody, today: string): Promise<VoucherRedeemResult> {
    const [store] = await queryRows<{ id: number }>(this.db, sql`select id from stores where code = ${body.store_code}`);
    if (!store) throw notFound(`Store ${body.store_code}`);
    const [v] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select v.denomination, v.used_at, v.pos_ref, v.pos_transaction_no, to_char(v.valid_until, 'YYYY-MM-DD') as valid_until, s.code as store_code, s.name as store_name
        from vouchers v left join stores s on s.id = v.used_store_id where v.code = ${body.voucher_barcode}`,
    );
    if (!v) throw notFound('Voucher');
    if (v.used_at) {
      if (v.pos_ref === body.pos_ref && v.store_code === body.store_code) {
        return {
          voucher_barcode: body.voucher_barcode,
          denomination: Number(v.denomination),
          used_at: new Date(String(v.used_at)).toISOString(),
          store_code: String(v.store_code),
          transaction_no: String(v.pos_transaction_no),
          replayed: true,
        };
      }
      throw conflict(`This voucher was already used at ${String(v.store_code)} ${String(v.store_name)} on ${formatDateTime(new Date(String(v.used_at)))} (Asia/Jakarta)`);
    }
    const validUntil = String(v.valid_until);
    if (validUntil < today) throw unprocessable(`This voucher expired on ${formatDate(jakartaDayStart(validUntil))}`);
    throw unprocessable(`This voucher cannot be used at store ${body.store_code}: it is redeemable only at the stores its product names`);
  }

  /** One voucher by its barcode, with its status on the Jakarta day of `now`. */
  async status(barcode: string, now: Date): Promise<VoucherStatusRow> {
    const [row] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select v.id, v.code as voucher_barcode,
          case when v.used_at is not null then 'used' when v.valid_until < ${jakartaDay(now)}::date then 'expired' else 'active' end as status,
          v.denomination, p.voucher_code, p.name as voucher_name, pa.partner_code, pa.name as partner_name, v.order_id, o.order_number,
          v.released_at, to_char(v.valid_until, 'YYYY-MM-DD') as valid_until, v.used_at, s.code as used_store_code, s.name as used_store_name, v.pos_transaction_no
        from vouchers v
          join voucher_products p on p.id = v.voucher_product_id
          join partners pa on pa.id = v.partner_id
          join voucher_orders o on o.id = v.order_id
          left join stores s on s.id = v.used_store_id
        where v.code = ${barcode}`,
    );
    if (!row) throw notFound('Voucher');
    return readStatus(row);
  }
}
