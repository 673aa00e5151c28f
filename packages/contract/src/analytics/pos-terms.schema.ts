import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { isInstantText } from '../common/period.ts';

/*
 * What a store's till applies on a given day, as the portal knows it: the offline promos running there (with the
 * products they take, none listed meaning every product), the free gifts given there, and the store's active
 * associates with their month's quota and what of it is used. A till fetches it (signed with the POS secret like its
 * sales batches) and sends back what it applied on each receipt (POST pos/sales). The demo's tills and the simulator
 * work from it.
 */

export const posTermsQuery = z
  .object({
    store_code: z.string({ error: 'store_code is required' }).trim().min(1, 'store_code is required').max(20),
    at: z.string({ error: 'at is required' }).refine(isInstantText, 'at must be an ISO date-time with its offset'),
    /** Hex HMAC-SHA256 of `posTermsSignedText` with the POS secret. */
    signature: z.string({ error: 'signature is required' }).regex(/^[0-9a-f]{64}$/, 'signature must be 64 hex characters'),
  })
  .strict();
export type PosTermsQuery = z.infer<typeof posTermsQuery>;

/** What the till signs to ask for its terms. */
export const posTermsSignedText = (q: Pick<PosTermsQuery, 'store_code' | 'at'>): string => `terms|${q.store_code}|${q.at}`;

const count = z.number().int();
export const posTermsPromo = z.object({
  code: z.string(),
  /** 1 percentage, 2 amount (Rupiah off a line). */
  promo_type: count,
  value: count,
  max_discount: count.nullable(),
  min_purchase: count,
  /** 1: app members only (a member card must be scanned). */
  member_scope: count,
  /** The PLUs the promo takes; null: every product. */
  plus: z.array(z.string()).nullable(),
  /** Only the consumers the promo lists may have it (the till matches them by card). */
  listed_consumers: z.boolean(),
});
export type PosTermsPromo = z.infer<typeof posTermsPromo>;
export const posTermsGift = z.object({ code: z.string(), min_purchase: count, items: z.array(z.object({ plu: z.string(), quantity: count })) });
export type PosTermsGift = z.infer<typeof posTermsGift>;
export const posTermsAssociate = z.object({ employee_no: z.string(), monthly_quota: count, used_this_month: count });
export type PosTermsAssociate = z.infer<typeof posTermsAssociate>;
export const posTerms = z.object({
  store_code: z.string(),
  /** The Jakarta day the terms are of. */
  day: z.string(),
  promos: z.array(posTermsPromo),
  gifts: z.array(posTermsGift),
  associates: z.array(posTermsAssociate),
});
export type PosTerms = z.infer<typeof posTerms>;

export const posTermsApi = {
  terms: endpoint({
    id: 'pos-terms.get',
    method: 'GET',
    path: 'pos/terms',
    tag: 'pos',
    summary: 'What a store’s till applies on a day: the offline promos and free gifts running there and the store’s active associates with their quota; signed with the POS secret (401 otherwise), 422 for an unknown store',
    access: 'public',
    query: posTermsQuery,
    data: posTerms,
    errors: [401, 422],
  }),
};
