import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';

/** Files for import tests: multipart bodies, workbooks, CSV text, and hand-built zips (bombs). */

export function multipart(fileName: string, content: Buffer | string, contentType = 'application/octet-stream'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const payload = Buffer.concat([head, typeof content === 'string' ? Buffer.from(content, 'utf8') : content, tail]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const csv = (rows: readonly (readonly (string | number)[])[]) => rows.map((r) => r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replaceAll('"', '""')}"` : String(c))).join(',')).join('\r\n') + '\r\n';

/** A workbook with one sheet holding `rows` (values as exceljs takes them: text, numbers, `{ formula }`). */
export async function workbook(sheet: string, rows: readonly (readonly unknown[])[], extraSheets: readonly string[] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const name of extraSheets) wb.addWorksheet(name).addRow(['nothing here']);
  const ws = wb.addWorksheet(sheet);
  for (const r of rows) ws.addRow(r as unknown[]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface ZipPart {
  name: string;
  /** Stored data, or the deflated chunks of a large entry. */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  size: number;
  /** What the central directory claims (defaults to the truth). */
  claimedSize?: number;
}

/** Deflates `megabytes` of zeros, streaming (never holding them): the body of a zip bomb. */
export async function zeroBomb(name: string, megabytes: number): Promise<ZipPart> {
  const block = Buffer.alloc(1024 * 1024);
  let crc = 0;
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < megabytes; i++) {
        crc = zlib.crc32(block, crc);
        yield block;
      }
    })(),
  );
  const parts: Buffer[] = [];
  await pipeline(source, zlib.createDeflateRaw({ level: 9 }), async (chunks: AsyncIterable<Buffer>) => {
    for await (const c of chunks) parts.push(c);
  });
  return { name, data: Buffer.concat(parts), method: 8, crc, size: megabytes * 1024 * 1024 };
}

const stored = (name: string, text: string): ZipPart => {
  const data = Buffer.from(text, 'utf8');
  return { name, data, method: 0, crc: zlib.crc32(data), size: data.length };
};

/** A zip from parts, with optional lies in the central directory. */
export function zip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const claimed = p.claimedSize ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(p.method, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(claimed, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(p.method, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.data.length, 20);
    central.writeUInt32LE(claimed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.data);
    centrals.push(central, name);
    offset += local.length + name.length + p.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export { stored as storedPart };
