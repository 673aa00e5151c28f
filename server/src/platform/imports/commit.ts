import { sql } from 'drizzle-orm';
import type { ImportBatch } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../audit.ts';
import { staleVersion } from '../concurrency.ts';
import { AppError, conflict, notFound, unprocessable } from '../errors.ts';
import { failureMessage } from '../failure-message.ts';
import type { Actor } from '../request-context.ts';
import { failBatch, findBatch, paramsOf, toBatch, type BatchRecord } from './batch.repo.ts';
import { stagedRelation } from './definition.ts';
import type { ImportPipeline } from './pipeline.ts';

export const COMMIT_JOB = 'imports.commit';

/**
 * Confirms a validated batch: a conditional update (status VALIDATED and the caller's version) and the commit job,
 * queued in the same transaction. A second confirm finds the batch PROCESSING or COMPLETED and answers 409.
 */
export async function confirmBatch(
  p: Pick<ImportPipeline, 'db' | 'jobs'>,
  batch: BatchRecord,
  version: number,
  ctx: AuditContext & { actor: Pick<Actor, 'userId' | 'name'> },
): Promise<ImportBatch> {
  await p.db.transaction(async (tx) => {
    const updated = await queryRows<{ id: number }>(
      tx,
      sql`update import_batches set status = 'PROCESSING', progress = 0, confirmed_by = ${ctx.actor.userId}, confirmed_at = ${ctx.now},
        updated_at = now(), version = version + 1
        where id = ${batch.id} and status = 'VALIDATED' and version = ${version} and valid_rows > 0 returning id`,
    );
    if (!updated.length) {
      const current = await findBatch(tx, batch.id);
      if (!current) throw notFound('Import');
      if (current.status === 'PROCESSING' || current.status === 'COMPLETED') throw conflict('This import was already confirmed.');
      if (current.status === 'PENDING') throw conflict('This file is still being validated.');
      if (current.status === 'FAILED') throw conflict('This import failed and cannot be confirmed: upload the file again.');
      if (Number(current.version) !== version) throw staleVersion('import', current.confirmed_by_name, current.updated_at as Date);
      throw unprocessable('The file has no valid rows to import.');
    }
    await writeAudit(tx, ctx, {
      action: 'confirm',
      entity: 'import-batch',
      entityId: batch.id,
      before: { status: 'VALIDATED' },
      after: { status: 'PROCESSING', key: batch.key, valid_rows: Number(batch.valid_rows) },
    });
    await p.jobs.send(COMMIT_JOB, { batchId: batch.id }, { tx, singletonKey: `commit-${batch.id}`, retryLimit: 2 });
  });
  return toBatch((await findBatch(p.db, batch.id))!);
}

/**
 * The commit job: the definition's set-based SQL over the valid staged rows, its audit entry and the batch's
 * COMPLETED status in one transaction, so a crash leaves all of it or none (a rerun finds COMPLETED and stops).
 * A failure rolls everything back and marks the batch FAILED with the reason.
 */
export async function commitBatch(p: ImportPipeline, batchId: number): Promise<void> {
  try {
    await p.db.transaction(async (tx) => {
      const batch = await findBatch(tx, batchId, { forUpdate: true });
      if (!batch || batch.status !== 'PROCESSING') return;
      const def = p.definitions.get(batch.key);
      if (!def) throw new AppError(409, 'conflict', `The import "${batch.key}" no longer exists.`);
      const now = p.clock.now();
      const actor = { userId: Number(batch.confirmed_by ?? batch.created_by), name: batch.confirmed_by_name ?? batch.created_by_name ?? '' };
      const counts = (await def.commit(tx, { batchId, params: paramsOf(batch), actor, now, staged: stagedRelation(def, batchId) })) ?? {};
      const result = { rows: Number(batch.valid_rows), ...counts };
      await writeAudit(tx, { actor, ip: null, now }, { action: 'import', entity: def.key, entityId: batchId, after: { file_name: batch.file_name, ...result } });
      await tx.execute(
        sql`update import_batches set status = 'COMPLETED', progress = 100, result = ${JSON.stringify(result)}::jsonb, completed_at = ${now},
          updated_at = now(), version = version + 1 where id = ${batchId}`,
      );
    });
  } catch (err) {
    if (!(err instanceof AppError)) p.log?.error({ err, batchId }, 'import commit failed');
    const reason = failureMessage(err);
    await failBatch(p.db, batchId, 'PROCESSING', `The import was rolled back, no rows were changed: ${reason}`);
  } finally {
    p.events.changed(batchId);
  }
}
