import { receiptGross, type PosSale, type PosTerms, type PosTermsAssociate } from '@portal/contract';

/*
 * What a till applies to a basket by its store's terms of the day (GET pos/terms): the demo's tills and the simulator
 * both ring their baskets up through this, and the portal checks what they send by the promotion and consumers rules.
 */

/** The staff discount the demo's tills give an associate: a tenth of what the receipt's lines come to. */
export const STAFF_DISCOUNT_SHARE = 0.1;

type Basket = Pick<PosSale, 'lines' | 'card_id'>;

/** A percentage of an amount, rounded down to whole hundreds of Rupiah (what a till prints), at most `cap`. */
const percentOf = (amount: number, percent: number, cap: number | null) => Math.min(Math.floor((amount * percent) / 10_000) * 100, cap ?? Number.POSITIVE_INFINITY);

/**
 * The basket with what its till applies: each line the first promo of the day that takes its product (an amount promo
 * once a receipt, a member promo only with a card scanned, promos for listed consumers never: the till cannot tell),
 * when the receipt reaches the promo's minimum; the associate's staff discount when one is named; and every free gift
 * whose minimum purchase what the customer pays reaches.
 */
export function ringUp<B extends Basket>(basket: B, terms: Pick<PosTerms, 'promos' | 'gifts'>, associate?: PosTermsAssociate): B & Pick<PosSale, 'associate' | 'gifts'> {
  const gross = receiptGross(basket.lines);
  const usedAmountPromos = new Set<string>();
  let promoDiscount = 0;
  const lines = basket.lines.map((l) => {
    const amount = l.quantity * l.price;
    const promo = terms.promos.find(
      (p) =>
        (p.plus === null || p.plus.includes(l.plu.toUpperCase())) &&
        (p.member_scope === 0 || basket.card_id !== null) &&
        !p.listed_consumers &&
        gross >= p.min_purchase &&
        !(p.promo_type === 2 && usedAmountPromos.has(p.code)),
    );
    if (!promo) return l;
    const discount = promo.promo_type === 1 ? percentOf(amount, promo.value, promo.max_discount) : Math.min(promo.value, amount);
    if (discount <= 0) return l;
    if (promo.promo_type === 2) usedAmountPromos.add(promo.code);
    promoDiscount += discount;
    return { ...l, promo_code: promo.code, discount };
  });
  const staff = associate ? { employee_no: associate.employee_no, discount: Math.floor(gross * STAFF_DISCOUNT_SHARE) } : undefined;
  const paid = gross - promoDiscount - (staff?.discount ?? 0);
  const gifts = terms.gifts.filter((g) => g.items.length && paid >= g.min_purchase).flatMap((g) => g.items.map((i) => ({ code: g.code, plu: i.plu, quantity: i.quantity })));
  return { ...basket, lines, ...(staff ? { associate: staff } : {}), ...(gifts.length ? { gifts } : {}) };
}
