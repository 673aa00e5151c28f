/**
 * The raffle draw as a pure function, so that anyone holding the revealed seed and the entry list can run it again.
 *
 * Commit-reveal: at creation the server draws a secret 32-byte seed and publishes only commitment = SHA-256(seed). At
 * the draw the entry list is frozen in id order and the winners are picked step by step: at step i (0, 1, 2, ...) the
 * index is HMAC-SHA256(key = seed, message = "raffle:<raffle id>:<i>") read as a 256-bit big-endian unsigned integer,
 * modulo the number of entries still in the pool. The entry at that index wins the next prize slot (prizes in the
 * order listed, each repeated by its quantity) and leaves the pool; unless repeat wins are allowed, every other entry
 * of its consumer leaves the pool too. The draw ends when every slot has a winner or the pool is empty. Afterwards the
 * seed is revealed: SHA-256(seed) must equal the published commitment, and re-running the steps gives the same winners.
 *
 * The contract imports only zod, so the HMAC is given by the caller (Node's crypto on the server, any HMAC-SHA256 for
 * a verifier); everything else is here. The modulo of a 256-bit number by a pool of at most a few million entries has
 * a bias below 2^-230: negligible, and simpler to re-run by hand than rejection sampling.
 */

export interface DrawEntry {
  /** The raffle coupon's id: the frozen list is ordered by it. */
  id: number;
  consumer_id: number;
  code: string;
}

export interface DrawPrize {
  name: string;
  quantity: number;
}

export interface DrawnWinner {
  /** The HMAC step that picked this entry (0-based). */
  step: number;
  /** The prize's position in the raffle's prize list (0-based) and its name. */
  prize_index: number;
  prize_name: string;
  entry_id: number;
  consumer_id: number;
  code: string;
}

/** The HMAC message of a step: `raffle:<id>:<step>`. */
export const drawMessage = (raffleId: number, step: number): string => `raffle:${raffleId}:${step}`;

/** A byte string read as an unsigned big-endian integer. */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

/** Lower-case hexadecimal of bytes, and back (the seed and the commitment travel as hex). */
export const toHex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('not hexadecimal');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The prize slots in draw order: each prize repeated by its quantity. */
export function prizeSlots(prizes: readonly DrawPrize[]): { prize_index: number; prize_name: string }[] {
  return prizes.flatMap((p, prize_index) => Array.from({ length: p.quantity }, () => ({ prize_index, prize_name: p.name })));
}

/**
 * Picks the winners. `hmac(message)` must return HMAC-SHA256(seed, message); `entries` may come in any order (they are
 * sorted by id here). Deterministic: the same seed, raffle id, entries and prizes give the same winners.
 */
export function drawWinners(input: {
  raffleId: number;
  entries: readonly DrawEntry[];
  prizes: readonly DrawPrize[];
  allowRepeatWins: boolean;
  hmac: (message: string) => Uint8Array;
}): { winners: DrawnWinner[]; steps: number } {
  let pool = [...input.entries].sort((a, b) => a.id - b.id);
  const slots = prizeSlots(input.prizes);
  const winners: DrawnWinner[] = [];
  let step = 0;
  for (const slot of slots) {
    if (!pool.length) break;
    const index = Number(bytesToBigInt(input.hmac(drawMessage(input.raffleId, step))) % BigInt(pool.length));
    const entry = pool[index]!;
    winners.push({ step, ...slot, entry_id: entry.id, consumer_id: entry.consumer_id, code: entry.code });
    step++;
    pool = input.allowRepeatWins ? pool.filter((e) => e.id !== entry.id) : pool.filter((e) => e.consumer_id !== entry.consumer_id);
  }
  return { winners, steps: step };
}
