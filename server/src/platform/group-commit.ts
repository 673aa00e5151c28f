/** What a batch answers for each of its items, in their order: a value, or the error that item alone fails with. */
export type Settled<Out> = { ok: true; value: Out } | { ok: false; error: unknown };

/**
 * Group commit: calls that arrive while a batch is being written wait and go together in the next one, so many small
 * writes share one transaction and one commit instead of paying for their own. One batch runs at a time per process
 * (no two batches of one process ever wait on each other's locks). A call that finds nothing running starts its batch
 * at once, so a lone call waits for nothing. A batch that fails as a whole (a deadlock with another process, an
 * error nobody foresaw) is tried again item by item, so one bad item never fails the others.
 */
export class GroupCommit<In, Out> {
  private queue: { item: In; resolve: (v: Out) => void; reject: (e: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly write: (items: readonly In[]) => Promise<Settled<Out>[]>,
    private readonly maxBatch = 100,
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.maxBatch);
        const answers = await this.settle(batch.map((b) => b.item));
        batch.forEach((b, i) => {
          const a = answers[i];
          if (a?.ok) b.resolve(a.value);
          else b.reject(a ? a.error : new Error('the batch answered no result for this item'));
        });
      }
    } finally {
      this.running = false;
    }
  }

  private async settle(items: readonly In[]): Promise<Settled<Out>[]> {
    try {
      return await this.write(items);
    } catch (error) {
      if (items.length === 1) return [{ ok: false, error }];
      const alone: Settled<Out>[] = [];
      for (const item of items) alone.push(...(await this.settle([item])));
      return alone;
    }
  }
}
