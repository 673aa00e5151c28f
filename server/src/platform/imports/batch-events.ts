import { EventEmitter } from 'node:events';
import type { ImportBatch, ImportStatus } from '@portal/contract';
import { toBatch, type BatchRecord } from './batch.repo.ts';

/** Batch changes in this process (progress, validated, committed, failed), so callers await a status instead of polling. */
export class BatchEvents {
  private readonly emitter = new EventEmitter();

  constructor(private readonly find: (id: number) => Promise<BatchRecord | undefined>) {
    this.emitter.setMaxListeners(0);
  }

  /** A batch changed. */
  changed(batchId: number): void {
    this.emitter.emit('batch', batchId);
  }

  /** Resolves when the batch reaches one of `statuses` (tests and callers await the job instead of sleeping). */
  waitFor(batchId: number, statuses: readonly ImportStatus[], timeoutMs = 60_000): Promise<ImportBatch> {
    return new Promise((resolve, reject) => {
      let done = false;
      const finish = (fn: () => void) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.emitter.off('batch', onEvent);
        fn();
      };
      const check = async () => {
        const b = await this.find(batchId);
        if (b && statuses.includes(b.status)) finish(() => resolve(toBatch(b)));
      };
      const onEvent = (id: number) => {
        if (id === batchId) check().catch((err: unknown) => finish(() => reject(err)));
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`import batch ${batchId} did not reach ${statuses.join('/')} in ${timeoutMs} ms`))), timeoutMs);
      this.emitter.on('batch', onEvent);
      check().catch((err: unknown) => finish(() => reject(err)));
    });
  }
}
