import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ContentImageUploaded } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { AppError, badRequest } from '../../platform/errors.ts';

/** What the first bytes of a file must be for each accepted image type; SVG is refused (it can carry script). */
const SIGNATURES: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  { type: 'image/webp', ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];
const NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
const TYPE_OF: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

export const imageTooLarge = (maxBytes: number) => new AppError(413, 'payload_too_large', `The image is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`);

/**
 * Images of marketing content, kept as files under `<DATA_DIR>/images` with random names and served from
 * `/images/<name>`. The declared type must begin with `image/` (spec section 5) and the content must really be a
 * PNG, JPEG, GIF or WebP, whatever the file is called.
 */
export class ContentImageService {
  constructor(
    private readonly db: Db,
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** Checks an uploaded temp file and keeps it; the caller removes the temp file. */
  async keep(temp: string, declaredType: string, ctx: AuditContext): Promise<ContentImageUploaded> {
    if (!declaredType.startsWith('image/')) throw badRequest('Choose an image file (PNG, JPEG, GIF or WebP).', [{ path: 'file', message: 'Not an image' }]);
    const handle = await fsp.open(temp, 'r');
    const head = Buffer.alloc(16);
    try {
      await handle.read(head, 0, 16, 0);
    } finally {
      await handle.close();
    }
    const kind = SIGNATURES.find((s) => s.test(head));
    if (!kind) throw badRequest('The file is not a PNG, JPEG, GIF or WebP image.', [{ path: 'file', message: 'Not an image' }]);
    const size = (await fsp.stat(temp)).size;
    if (size === 0) throw badRequest('The image is empty.');
    if (size > this.maxBytes) throw imageTooLarge(this.maxBytes);
    await fsp.mkdir(this.dir, { recursive: true });
    const name = `${crypto.randomBytes(16).toString('hex')}.${kind.ext}`;
    await fsp.copyFile(temp, path.join(this.dir, name));
    const uploaded = { url: `/images/${name}`, size, content_type: kind.type };
    await this.db.transaction((tx) => writeAudit(tx, ctx, { action: 'upload', entity: 'image', entityId: name, after: uploaded }));
    return uploaded;
  }

  /** A kept image to stream, or null for any name this service did not make. */
  open(name: string): { stream: fs.ReadStream; type: string } | null {
    if (!NAME.test(name)) return null;
    const file = path.join(this.dir, name);
    if (!fs.existsSync(file)) return null;
    const ext = name.slice(name.lastIndexOf('.') + 1);
    return { stream: fs.createReadStream(file), type: TYPE_OF[ext] ?? 'application/octet-stream' };
  }
}
