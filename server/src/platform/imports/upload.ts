import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ImportBatch } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../audit.ts';
import type { Actor } from '../request-context.ts';
import { findBatch, toBatch } from './batch.repo.ts';
import type { ImportDefinition, ImportParams } from './definition.ts';
import type { ImportPipeline } from './pipeline.ts';
import { sniffUpload } from './sniff.ts';
import { VALIDATE_JOB } from './validation.ts';

/** A place under `dir` for an upload in progress. */
export async function tempUploadPath(dir: string): Promise<string> {
  await fsp.mkdir(dir, { recursive: true });
  return path.join(dir, `upload-${crypto.randomUUID()}.part`);
}

/**
 * Checks the uploaded file by content (its real format, whatever its name says), keeps it under `dir`, records the
 * batch and queues its validation, in one transaction. The file is removed again if that fails.
 */
export async function uploadBatch(
  p: Pick<ImportPipeline, 'db' | 'jobs'>,
  dir: string,
  def: ImportDefinition,
  file: { path: string; name: string; size: number },
  params: ImportParams | null,
  ctx: AuditContext & { actor: Pick<Actor, 'userId' | 'name'> },
): Promise<ImportBatch> {
  if (params && def.checkParams) await def.checkParams(p.db, params);
  const format = await sniffUpload(file.path, file.name);
  const stored = path.join(dir, `${crypto.randomUUID()}.${format}`);
  await fsp.rename(file.path, stored);
  try {
    const id = await p.db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into import_batches (key, file_name, file_format, file_size, file_path, params, created_by, created_at, updated_at)
          values (${def.key}, ${file.name}, ${format}, ${file.size}, ${stored}, ${params ? JSON.stringify(params) : null}::jsonb, ${ctx.actor.userId}, ${ctx.now}, now()) returning id`,
      );
      const batchId = Number(row!.id);
      await writeAudit(tx, ctx, { action: 'upload', entity: 'import-batch', entityId: batchId, after: { key: def.key, file_name: file.name, file_format: format, file_size: file.size, params } });
      await p.jobs.send(VALIDATE_JOB, { batchId }, { tx, singletonKey: `validate-${batchId}`, retryLimit: 2 });
      return batchId;
    });
    return toBatch((await findBatch(p.db, id))!);
  } catch (err) {
    await fsp.rm(stored, { force: true });
    throw err;
  }
}
