import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

/** A spooled file that nobody reads after an hour was left by a process that died: swept at the next start. */
const LEFTOVER_MS = 3_600_000;

export interface Spooled {
  rows: number;
  size: number;
  /** Reads the file; it is deleted once the stream closes (read to the end, or the reader went away). */
  body: Readable;
}

/**
 * Writes a whole export into a temporary file before anything is sent, so the database connection is given back
 * before the (possibly slow) network write starts: a browser that reads slowly holds a file handle, not a connection.
 */
export async function spool(dir: string, write: (out: Writable) => Promise<number>): Promise<Spooled> {
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${crypto.randomBytes(12).toString('hex')}.spool`);
  const out = fs.createWriteStream(file);
  // A failed file write (disk full) ends the writer through `finished`; never as an unhandled event.
  out.on('error', () => undefined);
  try {
    const rows = await write(out);
    await finished(out);
    const { size } = await fs.promises.stat(file);
    const body = fs.createReadStream(file);
    body.on('close', () => void fs.promises.rm(file, { force: true }));
    return { rows, size, body };
  } catch (err) {
    // The file may still be opening: wait for its close, or the open would recreate it after the removal.
    out.destroy();
    await finished(out).catch(() => undefined);
    await fs.promises.rm(file, { force: true });
    throw err;
  }
}

/** Removes spooled files older than an hour (left by a process that was killed mid-export). */
export async function sweepSpool(dir: string, now = Date.now()): Promise<void> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.spool')) continue;
    const full = path.join(dir, name);
    const stat = await fs.promises.stat(full).catch(() => null);
    if (stat && now - stat.mtimeMs > LEFTOVER_MS) await fs.promises.rm(full, { force: true });
  }
}
