import { describe, expect, it } from 'vitest';
import { GroupCommit, type Settled } from './group-commit.ts';

/** A writer that records each batch it is given and answers each item doubled, failing where told. */
function recorder(failBatchWith?: (items: readonly number[]) => boolean) {
  const batches: number[][] = [];
  const gate: { open?: () => void } = {};
  const write = async (items: readonly number[]): Promise<Settled<number>[]> => {
    batches.push([...items]);
    if (batches.length === 1) await new Promise<void>((r) => (gate.open = r));
    if (failBatchWith?.(items)) throw new Error(`batch ${items.join(',')} failed`);
    return items.map((i) => (i < 0 ? { ok: false, error: new Error(`item ${i} refused`) } : { ok: true, value: i * 2 }));
  };
  return { batches, gate, write };
}

describe('group commit', () => {
  it('writes a lone call at once, and the calls that arrive meanwhile together in the next batch', async () => {
    const r = recorder();
    const group = new GroupCommit(r.write);
    const first = group.submit(1);
    const rest = [2, 3, 4].map((i) => group.submit(i));
    expect(r.batches).toEqual([[1]]);
    r.gate.open?.();
    expect(await first).toBe(2);
    expect(await Promise.all(rest)).toEqual([4, 6, 8]);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails an item alone with its own error, and keeps batches within the limit', async () => {
    const r = recorder();
    const group = new GroupCommit(r.write, 2);
    const first = group.submit(1);
    const rest = [2, -3, 4].map((i) => group.submit(i).then((v) => v, (e: Error) => e.message));
    r.gate.open?.();
    await first;
    expect(await Promise.all(rest)).toEqual([4, 'item -3 refused', 8]);
    expect(r.batches).toEqual([[1], [2, -3], [4]]);
  });

  it('tries a failed batch again item by item, so only the item that fails alone fails', async () => {
    const r = recorder((items) => items.includes(7));
    const group = new GroupCommit(r.write);
    const first = group.submit(1);
    const rest = [5, 7, 9].map((i) => group.submit(i).then((v) => v, (e: Error) => e.message));
    r.gate.open?.();
    await first;
    expect(await Promise.all(rest)).toEqual([10, 'batch 7 failed', 18]);
    expect(r.batches).toEqual([[1], [5, 7, 9], [5], [7], [9]]);
  });
});
