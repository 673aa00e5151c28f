import { sql } from 'drizzle-orm';
import { jakartaDay, posTermsSignedText, type PosTerms, type PosTermsQuery } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { TillReceiptParts } from '../../platform/till-receipts.ts';
import { verifyWebhook } from '../../platform/webhook-signature.ts';

/** What a store's till applies on a day (GET pos/terms): its promos and free gifts, and its associates; signed like the sales batches. */
export class PosTermsService {
  constructor(
    private readonly db: Db,
    private readonly secret: string | Buffer,
    private readonly till: TillReceiptParts,
  ) {}

  async terms(q: PosTermsQuery): Promise<PosTerms> {
    verifyWebhook(this.secret, posTermsSignedText(q), q.signature);
    const [store] = await queryRows<{ id: number; code: string }>(this.db, sql`select id, code from stores where lower(code) = lower(${q.store_code})`);
    if (!store) throw new AppError(422, 'unprocessable', `Unknown store: ${q.store_code}`, [{ path: 'store_code', message: `Store ${q.store_code} does not exist` }]);
    const day = jakartaDay(new Date(q.at));
    const offers = await this.till.offers.termsAt(Number(store.id), day, this.db);
    const associates = await this.till.staff.associatesAt(Number(store.id), day, this.db);
    return { store_code: store.code, day, ...offers, associates };
  }
}
