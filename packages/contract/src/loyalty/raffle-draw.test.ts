import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToBigInt, drawMessage, drawWinners, fromHex, prizeSlots, toHex, type DrawEntry } from './raffle-draw.ts';
import { RAFFLE_CLOSED, RAFFLE_DRAWN, RAFFLE_OPEN, RAFFLE_UPCOMING, raffleStatus } from './raffle-enums.ts';
import { raffleCouponsForSpend, raffleCreateBody } from './raffle.schema.ts';

const SEED = fromHex('7f'.repeat(16) + '03'.repeat(16));
const hmacOf = (seed: Uint8Array) => (message: string) => new Uint8Array(createHmac('sha256', seed).update(message).digest());
/** Entries given out of order: the draw sorts them by id. */
const entries = (n: number, consumers: number): DrawEntry[] =>
  Array.from({ length: n }, (_, i) => ({ id: 1000 + ((i * 7919) % n), consumer_id: 1 + (i % consumers), code: `RAF-${i}` })).reverse();

describe('raffle draw', () => {
  it('is reproducible: the same seed, raffle and entries give the same winners, in any input order', () => {
    const list = entries(500, 120);
    const a = drawWinners({ raffleId: 7, entries: list, prizes: [{ name: 'Motor', quantity: 1 }, { name: 'Voucher', quantity: 5 }], allowRepeatWins: false, hmac: hmacOf(SEED) });
    const b = drawWinners({ raffleId: 7, entries: [...list].reverse(), prizes: [{ name: 'Motor', quantity: 1 }, { name: 'Voucher', quantity: 5 }], allowRepeatWins: false, hmac: hmacOf(SEED) });
    expect(b).toEqual(a);
    expect(a.winners).toHaveLength(6);
    expect(a.winners.map((w) => w.prize_name)).toEqual(['Motor', 'Voucher', 'Voucher', 'Voucher', 'Voucher', 'Voucher']);
    // Another seed or another raffle id draws otherwise.
    const other = drawWinners({ raffleId: 7, entries: list, prizes: [{ name: 'Motor', quantity: 6 }], allowRepeatWins: false, hmac: hmacOf(fromHex('01'.repeat(32))) });
    const otherRaffle = drawWinners({ raffleId: 8, entries: list, prizes: [{ name: 'Motor', quantity: 6 }], allowRepeatWins: false, hmac: hmacOf(SEED) });
    expect(other.winners.map((w) => w.entry_id)).not.toEqual(a.winners.map((w) => w.entry_id));
    expect(otherRaffle.winners.map((w) => w.entry_id)).not.toEqual(a.winners.map((w) => w.entry_id));
  });

  it('picks step 0 by HMAC(seed, "raffle:<id>:0") modulo the entries, as a verifier computes it by hand', () => {
    const list = entries(37, 37);
    const sorted = [...list].sort((x, y) => x.id - y.id);
    const digest = createHmac('sha256', SEED).update('raffle:12:0').digest();
    const expected = sorted[Number(BigInt(`0x${digest.toString('hex')}`) % 37n)]!;
    const { winners } = drawWinners({ raffleId: 12, entries: list, prizes: [{ name: 'TV', quantity: 1 }], allowRepeatWins: false, hmac: hmacOf(SEED) });
    expect(drawMessage(12, 0)).toBe('raffle:12:0');
    expect(winners[0]).toMatchObject({ step: 0, entry_id: expected.id, code: expected.code, consumer_id: expected.consumer_id });
  });

  it('checks the commitment: SHA-256 of the revealed seed is the published commitment', () => {
    const commitment = createHash('sha256').update(SEED).digest('hex');
    expect(toHex(new Uint8Array(createHash('sha256').update(fromHex(toHex(SEED))).digest()))).toBe(commitment);
    expect(createHash('sha256').update(fromHex('00'.repeat(32))).digest('hex')).not.toBe(commitment);
    expect(toHex(fromHex('00ff10'))).toBe('00ff10');
    expect(() => fromHex('xyz')).toThrow();
    expect(bytesToBigInt(new Uint8Array([1, 0]))).toBe(256n);
  });

  it('never lets a consumer win twice unless repeat wins are allowed', () => {
    // Three consumers with many coupons each, ten prizes.
    const list = entries(90, 3);
    const once = drawWinners({ raffleId: 3, entries: list, prizes: [{ name: 'Prize', quantity: 10 }], allowRepeatWins: false, hmac: hmacOf(SEED) });
    expect(once.winners).toHaveLength(3);
    expect(new Set(once.winners.map((w) => w.consumer_id)).size).toBe(3);
    const again = drawWinners({ raffleId: 3, entries: list, prizes: [{ name: 'Prize', quantity: 10 }], allowRepeatWins: true, hmac: hmacOf(SEED) });
    expect(again.winners).toHaveLength(10);
    // An entry (coupon) wins at most once even then.
    expect(new Set(again.winners.map((w) => w.entry_id)).size).toBe(10);
  });

  it('gives out only as many prizes as there are entries, and none without entries', () => {
    const few = drawWinners({ raffleId: 4, entries: entries(2, 2), prizes: [{ name: 'A', quantity: 1 }, { name: 'B', quantity: 4 }], allowRepeatWins: false, hmac: hmacOf(SEED) });
    expect(few.winners.map((w) => w.prize_name)).toEqual(['A', 'B']);
    expect(few.steps).toBe(2);
    expect(drawWinners({ raffleId: 4, entries: [], prizes: [{ name: 'A', quantity: 3 }], allowRepeatWins: false, hmac: hmacOf(SEED) })).toEqual({ winners: [], steps: 0 });
    expect(prizeSlots([{ name: 'A', quantity: 2 }, { name: 'B', quantity: 1 }]).map((s) => s.prize_index)).toEqual([0, 0, 1]);
  });
});

describe('raffle rules', () => {
  const valid = {
    name: 'Undian Akhir Tahun',
    prizes: [{ name: 'Motor', quantity: 1 }],
    entry_start: '2026-12-01T00:00:00+07:00',
    entry_end: '2026-12-31T23:59:00+07:00',
    draw_at: '2027-01-02T10:00:00+07:00',
    spend_per_entry: 100_000,
    max_entries_per_consumer: 10,
  };
  const issues = (body: object) => {
    const r = raffleCreateBody.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a raffle earned by spend, by app entry or both, with defaults', () => {
    const parsed = raffleCreateBody.parse(valid);
    expect(parsed).toMatchObject({ app_entry: false, allow_repeat_wins: false, targeting: 2 });
    expect(issues({ ...valid, spend_per_entry: null, app_entry: true })).toEqual([]);
  });

  it('refuses no prize, a draw not after the entry end, an end before the start and no way to earn', () => {
    expect(issues({ ...valid, prizes: [] })).toEqual(['prizes: A raffle needs at least one prize']);
    expect(issues({ ...valid, draw_at: valid.entry_end })).toEqual(['draw_at: The draw must be after the entry end']);
    expect(issues({ ...valid, entry_end: valid.entry_start })).toContain('entry_end: Entry end must be after the entry start');
    expect(issues({ ...valid, spend_per_entry: null })).toEqual(['spend_per_entry: Choose how entries are earned: by spend, by app entry or both']);
    expect(issues({ ...valid, prizes: [{ name: 'Motor', quantity: 0 }] })).toEqual(['prizes.0.quantity: Quantity is at least 1']);
  });

  it('counts spend coupons per whole step and derives the status from the period and the draw', () => {
    expect(raffleCouponsForSpend(250_000, 100_000)).toBe(2);
    expect(raffleCouponsForSpend(99_999, 100_000)).toBe(0);
    expect(raffleCouponsForSpend(500_000, null)).toBe(0);
    const r = { entry_start: '2026-12-01T00:00:00+07:00', entry_end: '2026-12-31T00:00:00+07:00', drawn_at: null };
    expect(raffleStatus(r, new Date('2026-11-30T16:59:59Z'))).toBe(RAFFLE_UPCOMING);
    expect(raffleStatus(r, new Date('2026-11-30T17:00:00Z'))).toBe(RAFFLE_OPEN);
    expect(raffleStatus(r, new Date('2026-12-30T17:00:00Z'))).toBe(RAFFLE_CLOSED);
    expect(raffleStatus({ ...r, drawn_at: '2027-01-01T00:00:00Z' }, new Date('2026-12-30T17:00:00Z'))).toBe(RAFFLE_DRAWN);
  });
});
