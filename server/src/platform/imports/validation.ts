import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { AppError } from '../errors.ts';
import { failureMessage } from '../failure-message.ts';
import { failBatch, findBatch, paramsOf } from './batch.repo.ts';
import type { ImportPipeline } from './pipeline.ts';
import { FileProblem } from './reader.ts';
import { verifyZipInflation } from './sniff.ts';
import { stageFile } from './staging.ts';

export const VALIDATE_JOB = 'imports.validate';

/** The validation job: a PENDING batch's stored file staged row by row with its errors, then VALIDATED (or FAILED). */
export class ImportValidation {
  /** Batches this process is validating right now (a duplicate job waits its turn instead of racing). */
  private readonly validating = new Set<number>();

  constructor(private readonly p: ImportPipeline) {}

  private async setProgress(id: number, progress: number): Promise<void> {
    await this.p.db.execute(sql`update import_batches set progress = ${Math.max(0, Math.min(99, Math.round(progress)))}, updated_at = now() where id = ${id} and status = 'PENDING'`);
    this.p.events.changed(id);
  }

  /** Safe to run twice (a rerun starts over from the stored file), a no-op once validated. */
  async run(batchId: number): Promise<void> {
    const { db, clock, events } = this.p;
    if (this.validating.has(batchId)) return;
    this.validating.add(batchId);
    try {
      const batch = await findBatch(db, batchId);
      if (!batch || batch.status !== 'PENDING') return;
      const def = this.p.definitions.get(batch.key);
      const filePath = batch.file_path;
      if (!def) return await failBatch(db, batchId, 'PENDING', `The import "${batch.key}" no longer exists.`);
      if (!filePath || !fs.existsSync(filePath)) return await failBatch(db, batchId, 'PENDING', 'The uploaded file is no longer available: upload it again.');
      await db.execute(sql`delete from import_rows where batch_id = ${batchId}`);
      try {
        if (batch.file_format === 'xlsx') await verifyZipInflation(filePath);
        const counts = await stageFile(db, def, batchId, { path: filePath, format: batch.file_format }, paramsOf(batch), (fraction) => this.setProgress(batchId, fraction * 100));
        await db.execute(
          sql`update import_batches set status = 'VALIDATED', total_rows = ${counts.total}, valid_rows = ${counts.total - counts.invalid},
            invalid_rows = ${counts.invalid}, progress = 100, validated_at = ${clock.now()}, file_path = null, updated_at = now(), version = version + 1
            where id = ${batchId} and status = 'PENDING'`,
        );
      } catch (err) {
        if (err instanceof FileProblem || err instanceof AppError) await failBatch(db, batchId, 'PENDING', err.message);
        else {
          this.p.log?.error({ err, batchId }, 'import validation failed');
          await failBatch(db, batchId, 'PENDING', `The file could not be validated: ${failureMessage(err)}`);
        }
      }
      await fsp.rm(filePath, { force: true });
    } finally {
      this.validating.delete(batchId);
      events.changed(batchId);
    }
  }
}
