import type { ImportBatch } from '@portal/contract';

/** Whether the user asked to confirm a validated batch (Next) or is looking at its preview. */
export type ImportStage = 'preview' | 'confirm';

/**
 * The wizard's step for a batch: 0 upload (no batch yet), 1 preview (validating, validated, or failed validation),
 * 2 confirm (a validated batch after Next, then importing, completed, or failed after confirming).
 */
export function importStep(batch: Pick<ImportBatch, 'status' | 'confirmed_at'> | undefined, stage: ImportStage): 0 | 1 | 2 {
  if (!batch) return 0;
  if (batch.status === 'PROCESSING' || batch.status === 'COMPLETED' || (batch.status === 'FAILED' && batch.confirmed_at)) return 2;
  if (batch.status === 'VALIDATED' && stage === 'confirm') return 2;
  return 1;
}
