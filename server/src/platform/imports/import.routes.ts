import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MENU_BY_KEY, importBatchesApi, importsApi, type ImportFormat } from '@portal/contract';
import { actorOf } from '../access-guard.ts';
import type { Clock } from '../clock.ts';
import { auditContext } from '../crud/index.ts';
import { AppError, badRequest } from '../errors.ts';
import { serve } from '../serve.ts';
import { definitionInfo, type ImportDefinition } from './definition.ts';
import type { ImportService } from './import.service.ts';

const CONTENT_TYPE: Record<ImportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

const attachment = (reply: FastifyReply, fileName: string, format: ImportFormat) =>
  reply.header('content-type', CONTENT_TYPE[format]).header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`);

const tooLarge = (maxBytes: number) => new AppError(413, 'payload_too_large', `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`);

/** A file name as given by the browser, kept for display only: no path, no control characters, bounded. */
const displayName = (name: string | undefined) =>
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what a displayed file name must not carry
  path.basename((name ?? '').replaceAll('\\', '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200) || 'upload';

/**
 * The routes of every import definition: template, upload and definition info under `/api/v1/imports/{key}`, each
 * demanding the definition's entries and action; the batch routes under `/api/v1/imports/batches/{id}` are open at the
 * guard to anyone who may view one of the imports' entries, and the service then demands the batch's own definition
 * (403) and that the caller uploaded it or is a Super Admin (404 otherwise).
 */
export async function registerImportRoutes(app: FastifyInstance, service: ImportService, clock: Clock): Promise<void> {
  const definitions = [...service.definitions.values()];
  if (!definitions.length) return;
  const maxBytes = service.maxBytes;
  const batches = batchesApiFor(definitions);

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20, headerPairs: 200 } });

    for (const def of definitions) registerDefinitionRoutes(scope, service, clock, def, maxBytes);

    serve(scope, batches.get, async (req) => {
      const { batch } = await service.visible(req.params.id, actorOf(req));
      return { message: 'Success', data: service.toBatch(batch) };
    });

    serve(scope, batches.rows, async (req) => {
      const { batch } = await service.visible(req.params.id, actorOf(req));
      return { message: 'Success', data: await service.rows(batch, req.query) };
    });

    serve(scope, batches.errors, async (req, reply) => {
      const { batch, def } = await service.visible(req.params.id, actorOf(req));
      if (batch.status === 'PENDING') throw new AppError(409, 'conflict', 'This file is still being validated.');
      const format = req.query.format;
      const out = new PassThrough();
      service.writeErrorFile(batch, def, format, out).catch((err: unknown) => {
        req.log.error({ err }, 'error file failed');
        out.destroy(err as Error);
      });
      return attachment(reply, `${def.templateName}_errors_${batch.id}.${format}`, format).send(out);
    });

    serve(scope, batches.confirm, async (req) => {
      const actor = actorOf(req);
      const { batch, def } = await service.visible(req.params.id, actor);
      if (def.appliedElsewhere) throw new AppError(409, 'conflict', def.appliedElsewhere);
      return { message: 'Import confirmed', data: await service.confirm(batch, req.body.version, { ...auditContext(req, clock), actor }) };
    });
  });
}

/**
 * The batch endpoints, open at the guard to whoever may view one of the served imports' entries. The app's imports
 * are the contract's; an app given further definitions (a test's own import) opens the batches to their entries too.
 */
function batchesApiFor(definitions: readonly ImportDefinition[]) {
  const viewEntries = [...new Set(definitions.flatMap((d) => d.entries))].filter((e) => MENU_BY_KEY.get(e)?.actions.includes('view'));
  const declared = importsApi.get.access;
  const same = typeof declared === 'object' && declared.entries.length === viewEntries.length && viewEntries.every((e) => declared.entries.includes(e));
  return same ? importsApi : importBatchesApi(viewEntries);
}

function registerDefinitionRoutes(scope: FastifyInstance, service: ImportService, clock: Clock, def: ImportDefinition, maxBytes: number): void {
  serve(scope, def.api.info, async () => ({ message: 'Success', data: definitionInfo(def, maxBytes) }));

  serve(scope, def.api.template, async (req, reply) => {
    const format = (req.query as { format: ImportFormat }).format;
    return attachment(reply, `${def.templateName}.${format}`, format).send(await service.template(def, format));
  });

  serve(scope, def.api.upload, async (req) => {
    const actor = actorOf(req);
    if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data (field "file").');
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBytes + 64 * 1024) throw tooLarge(maxBytes);
    let part: MultipartFile | undefined;
    try {
      part = await req.file();
    } catch (err) {
      throw asUploadError(err, maxBytes);
    }
    if (!part) throw badRequest('Choose a file to upload.');
    const temp = await service.tempPath();
    try {
      await pipeline(part.file, fs.createWriteStream(temp));
      if (part.file.truncated) throw tooLarge(maxBytes);
      const size = (await fsp.stat(temp)).size;
      const params = def.params ? (req.query as Record<string, string | number>) : null;
      const batch = await service.upload(def, { path: temp, name: displayName(part.filename), size }, params, { ...auditContext(req, clock), actor });
      return { message: 'File uploaded: validating', data: batch };
    } catch (err) {
      throw asUploadError(err, maxBytes);
    } finally {
      await fsp.rm(temp, { force: true });
    }
  });
}

/** Multipart failures are the client's: too large → 413, malformed → 400, never 500. */
export function asUploadError(err: unknown, maxBytes: number): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) return tooLarge(maxBytes);
  if (e.code?.startsWith('FST_') || (e.statusCode && e.statusCode < 500)) return badRequest(`The upload could not be read: ${e.message ?? 'malformed multipart body'}`);
  if (e.message && /multipart|boundary|unexpected end of form/i.test(e.message)) return badRequest(`The upload could not be read: ${e.message}`);
  return err;
}
