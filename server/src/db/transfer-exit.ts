import { TransferMismatch, TransferRefused } from './transfer.ts';

/**
 * How the move, backup and restore commands end on an error: refused (nothing written) prints `Refused: …` and exits 2;
 * failed (a mismatch, or what `failure` recognises and words) prints its message and exits 1; anything else is a bug and
 * is thrown on with its stack trace.
 */
export function endTransferOnError(err: unknown, failure: (err: Error) => string | undefined = () => undefined): void {
  if (err instanceof TransferRefused) {
    console.error(`Refused: ${err.message}`);
    process.exitCode = 2;
    return;
  }
  const failed = err instanceof TransferMismatch ? `Failed: ${err.message}` : err instanceof Error ? failure(err) : undefined;
  if (failed === undefined) throw err;
  console.error(failed);
  process.exitCode = 1;
}
