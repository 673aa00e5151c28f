import { receiptGross, type PosSale, type PosTermsAssociate, type PosTermsGift, type PosTermsPromo } from '@portal/contract';
import type { Db, Tx } from '../db/client.ts';

/*
 * What the stores' tills apply on a receipt belongs to three domains: the receipt is the analytics domain's (it records
 * the sales), the promos and free gifts are promotion's, the associates and their staff purchases the consumers'. The
 * receipt's recorder asks the other two through these interfaces, which they implement (docs/decisions.md, "Till
 * reports").
 */

/** A receipt of a POS batch as the recorder checks it: where it is in the batch, and its store. */
export interface TillReceipt {
  /** Its position in the batch (`transactions.<index>` in a refusal's path). */
  index: number;
  sale: PosSale;
  storeId: number;
}

/** Why a receipt is refused, and where in the batch (`transactions.3.lines.0.promo_code`). */
export interface TillRefusal {
  path: string;
  message: string;
}

/** The promos and free gifts a batch names, checked: the refusals, and each code's id (by its code in lower case). */
export interface TillOfferCheck {
  refusals: TillRefusal[];
  promoIds: ReadonlyMap<string, number>;
  giftIds: ReadonlyMap<string, number>;
}

/** The promotion domain's rules over what a till applied: a promo on a line, a free gift handed over. */
export interface TillOfferRules {
  check(receipts: readonly TillReceipt[], db: Db): Promise<TillOfferCheck>;
  /** The offline promos and free gifts running at a store on a Jakarta day (what its till applies). */
  termsAt(storeId: number, day: string, db: Db): Promise<{ promos: PosTermsPromo[]; gifts: PosTermsGift[] }>;
}

/** A staff purchase as the receipt's transaction records it. */
export interface StaffPurchase {
  employeeNo: string;
  /** The recorded receipt (sales_transactions.id) and its till id. */
  transactionPk: number;
  receiptNo: string;
  storeId: number;
  /** What the receipt's lines came to, before any discount. */
  amount: number;
  discount: number;
  at: string;
}

/** The consumers domain's associates: who may receive a staff discount, and the record of each one given. */
export interface StaffPurchaseLedger {
  check(receipts: readonly TillReceipt[], db: Db): Promise<TillRefusal[]>;
  /** Records the purchases in the receipt's transaction. */
  record(tx: Tx, purchases: readonly StaffPurchase[]): Promise<void>;
  /** A store's active associates with their quota and what of it the Jakarta month of `day` has used. */
  associatesAt(storeId: number, day: string, db: Db): Promise<PosTermsAssociate[]>;
}

/** What the receipt's recorder asks of the other domains. */
export interface TillReceiptParts {
  offers: TillOfferRules;
  staff: StaffPurchaseLedger;
}

/** A receipt's staff purchase, once its transaction is recorded; null when no associate was scanned. */
export const staffPurchaseOf = (r: TillReceipt, transactionPk: number): StaffPurchase | null =>
  r.sale.associate
    ? {
        employeeNo: r.sale.associate.employee_no,
        transactionPk,
        receiptNo: r.sale.transaction_id,
        storeId: r.storeId,
        amount: receiptGross(r.sale.lines),
        discount: r.sale.associate.discount,
        at: r.sale.at,
      }
    : null;
