import fs from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { ImportFormat } from '@portal/contract';
import { AppError } from '../errors.ts';

/*
 * Upload checks by content, before any parsing: a file is an XLSX workbook when it is a zip holding
 * `[Content_Types].xml` and a workbook part, a CSV when it is UTF-8 text without NUL bytes; anything else is refused
 * whatever its name says. A zip whose entries would inflate past a sane size is refused from its central directory,
 * without inflating anything.
 */

/** The sum of uncompressed sizes a workbook may declare. */
export const ZIP_MAX_UNCOMPRESSED = 200 * 1024 * 1024;
/** An entry above this size must not be more than ZIP_MAX_RATIO times its compressed size. */
const ZIP_RATIO_FLOOR = 1024 * 1024;
/** Spreadsheet XML compresses well (10-30x); a few hundred times means a bomb. */
export const ZIP_MAX_RATIO = 200;
const ZIP_MAX_ENTRIES = 10_000;

const EXPECTED = 'Expected an XLSX workbook (Excel 2007 or later) or a CSV file in UTF-8.';

export const unsupported = (message: string) => new AppError(415, 'unsupported_media_type', `${message} ${EXPECTED}`);

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What the upload is, from its bytes; the file name's extension may only agree. */
export async function sniffUpload(filePath: string, fileName: string): Promise<ImportFormat> {
  const handle = await fs.open(filePath, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.alloc(8);
    const { bytesRead } = await handle.read(buf, 0, 8, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (head.length === 0) throw new AppError(400, 'bad_request', 'The file is empty.');
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1]?.toLowerCase();
  let format: ImportFormat;
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) {
    await checkWorkbookZip(filePath);
    format = 'xlsx';
  } else if (head.equals(OLE_MAGIC)) {
    throw unsupported('Old Excel (.xls) and encrypted workbooks are not supported: save the file as .xlsx or CSV.');
  } else {
    await checkUtf8Text(filePath);
    format = 'csv';
  }
  if (format === 'csv' && (ext === 'xlsx' || ext === 'xlsm' || ext === 'xls')) {
    throw unsupported(`The file is named .${ext} but is not a workbook.`);
  }
  if (format === 'xlsx' && (ext === 'csv' || ext === 'txt')) {
    throw unsupported(`The file is named .${ext} but is a zip archive, not text.`);
  }
  return format;
}

interface ZipEntryInfo {
  fileName: string;
  compressedSize: number;
  uncompressedSize: number;
}

/** Reads only the zip's central directory (yauzl, lazy entries): names and declared sizes. */
async function centralDirectory(filePath: string): Promise<ZipEntryInfo[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true });
  } catch {
    throw unsupported('The file looks like a zip archive but cannot be read.');
  }
  try {
    if (zip.entryCount > ZIP_MAX_ENTRIES) throw unsupported(`The archive holds ${zip.entryCount} entries, far more than a workbook does.`);
    return await new Promise<ZipEntryInfo[]>((resolve, reject) => {
      const entries: ZipEntryInfo[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        entries.push({ fileName: e.fileName, compressedSize: e.compressedSize, uncompressedSize: e.uncompressedSize });
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', () => reject(unsupported('The file looks like a zip archive but is damaged.')));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

function refuseBomb(entries: readonly ZipEntryInfo[]): void {
  let total = 0;
  for (const e of entries) {
    total += e.uncompressedSize;
    if (e.uncompressedSize > ZIP_RATIO_FLOOR && e.uncompressedSize > ZIP_MAX_RATIO * Math.max(1, e.compressedSize)) {
      throw new AppError(413, 'payload_too_large', `The workbook is refused: its part ${e.fileName} would expand ${Math.round(e.uncompressedSize / Math.max(1, e.compressedSize))} times, which no real spreadsheet does.`);
    }
  }
  if (total > ZIP_MAX_UNCOMPRESSED) {
    throw new AppError(413, 'payload_too_large', `The workbook is refused: it would expand to ${Math.round(total / 1024 / 1024)} MB, above the ${ZIP_MAX_UNCOMPRESSED / 1024 / 1024} MB limit. Split it into smaller files.`);
  }
}

/** An XLSX is a zip with [Content_Types].xml and xl/workbook.xml, within the size caps. */
export async function checkWorkbookZip(filePath: string): Promise<void> {
  const entries = await centralDirectory(filePath);
  const names = new Set(entries.map((e) => e.fileName));
  if (!names.has('[Content_Types].xml')) throw unsupported('The file is a zip archive but not an Office document.');
  if (!names.has('xl/workbook.xml')) throw unsupported('The file is an Office document but not an Excel workbook.');
  refuseBomb(entries);
}

/**
 * Inflates every entry once, counting bytes and stopping at the cap: the central directory can lie about sizes, the
 * streaming workbook reader would believe the local headers, so the validation job runs this before parsing.
 */
export async function verifyZipInflation(filePath: string, cap = ZIP_MAX_UNCOMPRESSED): Promise<void> {
  const zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  let total = 0;
  try {
    await inflateAll(zip, cap, (n) => (total += n));
  } catch (err) {
    if (err instanceof AppError) throw err;
    // yauzl refuses an entry that inflates to more (or less) than the central directory says: a crafted file.
    throw new AppError(400, 'bad_request', `The workbook is damaged or misstates its size (${(err as Error).message}).`);
  } finally {
    zip.close();
  }
}

function inflateAll(zip: yauzl.ZipFile, cap: number, count: (n: number) => number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err ?? new Error('unreadable entry'));
        const sink = new Writable({
          write(chunk: Buffer, _enc, done) {
            if (count(chunk.length) > cap) return done(new AppError(413, 'payload_too_large', `The workbook expands past ${cap / 1024 / 1024} MB and is refused.`));
            done();
          },
        });
        pipeline(stream, sink).then(() => zip.readEntry(), reject);
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** Valid UTF-8 (a BOM is fine) without NUL bytes: read in chunks, decoded with a fatal decoder. */
async function checkUtf8Text(filePath: string): Promise<void> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const handle = await fs.open(filePath, 'r');
  try {
    const buf = Buffer.alloc(256 * 1024);
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buf, 0, buf.length, position);
      if (bytesRead === 0) break;
      const chunk = buf.subarray(0, bytesRead);
      if (chunk.includes(0)) throw unsupported('The file holds binary data.');
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        throw unsupported('The file is not UTF-8 text (save the CSV as "CSV UTF-8").');
      }
      position += bytesRead;
    }
    try {
      decoder.decode();
    } catch {
      throw unsupported('The file is not UTF-8 text (save the CSV as "CSV UTF-8").');
    }
  } finally {
    await handle.close();
  }
}
