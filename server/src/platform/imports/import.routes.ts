import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MENU_BY_KEY,
  envelope,
  importBatch,
  importBatchParam,
  importConfirmBody,
  importDefinitionInfo,
  importFormatQuery,
  importRow,
  importRowsQuery,
  listEnvelope,
  type ImportFormat,
} from '@portal/contract';
import { actorOf } from '../access-guard.ts';
import type { Clock } from '../clock.ts';
import { auditContext } from '../crud/index.ts';
import { AppError, badRequest } from '../errors.ts';
import { definitionInfo, type ImportDefinition } from './definition.ts';
import type { ImportService } from './import.service.ts';

const CONTENT_TYPE: Record<ImportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

const attachment = (reply: FastifyReply, fileName: string, format: ImportFormat) =>
  reply.header('content-type', CONTENT_TYPE[format]).header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`);

/** An upload without parameters takes no query string. */
const noParams = z.object({}).strict();

const tooLarge = (maxBytes: number) => new AppError(413, 'payload_too_large', `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`);

/** A file name as given by the browser, kept for display only: no path, no control characters, bounded. */
const displayName = (name: string | undefined) =>
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

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20, headerPairs: 200 } });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    for (const def of definitions) registerDefinitionRoutes(scope, service, clock, def, maxBytes);

    const viewEntries = [...new Set(definitions.flatMap((d) => d.entries))].filter((e) => MENU_BY_KEY.get(e)?.actions.includes('view'));
    const batchPermission = { permission: { entries: viewEntries, action: 'view' as const } };

    r.get('/api/v1/imports/batches/:id', {
      config: batchPermission,
      schema: { tags: ['imports'], summary: 'An import batch: status, job status, counts and progress (poll it)', params: importBatchParam, response: { 200: envelope(importBatch) } },
      handler: async (req) => {
        const { batch } = await service.visible(req.params.id, actorOf(req));
        return { message: 'Success', data: service.toBatch(batch) };
      },
    });

    r.get('/api/v1/imports/batches/:id/rows', {
      config: batchPermission,
      schema: {
        tags: ['imports'],
        summary: 'Preview: every row of the file (or only_errors=true: the bad ones) with its values and its errors by cell',
        params: importBatchParam,
        querystring: importRowsQuery,
        response: { 200: listEnvelope(importRow) },
      },
      handler: async (req) => {
        const { batch } = await service.visible(req.params.id, actorOf(req));
        return { message: 'Success', data: await service.rows(batch, req.query) };
      },
    });

    r.get('/api/v1/imports/batches/:id/errors', {
      config: batchPermission,
      schema: { tags: ['imports'], summary: 'The bad rows with their values and an Errors column (XLSX or CSV)', params: importBatchParam, querystring: importFormatQuery },
      handler: async (req, reply) => {
        const { batch, def } = await service.visible(req.params.id, actorOf(req));
        if (batch.status === 'PENDING') throw new AppError(409, 'conflict', 'This file is still being validated.');
        const format = req.query.format;
        const out = new PassThrough();
        service.writeErrorFile(batch, def, format, out).catch((err: unknown) => {
          req.log.error({ err }, 'error file failed');
          out.destroy(err as Error);
        });
        return attachment(reply, `${def.templateName}_errors_${batch.id}.${format}`, format).send(out);
      },
    });

    r.post('/api/v1/imports/batches/:id/confirm', {
      config: batchPermission,
      schema: {
        tags: ['imports'],
        summary: 'Confirm: commit every valid row in one transaction, as a job (poll the batch). A second confirm answers 409.',
        params: importBatchParam,
        body: importConfirmBody,
        response: { 200: envelope(importBatch) },
      },
      handler: async (req) => {
        const actor = actorOf(req);
        const { batch } = await service.visible(req.params.id, actor);
        return { message: 'Import confirmed', data: await service.confirm(batch, req.body.version, { ...auditContext(req, clock), actor }) };
      },
    });
  });
}

function registerDefinitionRoutes(scope: FastifyInstance, service: ImportService, clock: Clock, def: ImportDefinition, maxBytes: number): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const base = `/api/v1/imports/${def.key}`;
  const config = { permission: { entries: def.entries, action: def.action } };

  r.get(base, {
    config,
    schema: { tags: ['imports'], summary: `${def.title}: columns, sheet and upload limit`, response: { 200: envelope(importDefinitionInfo) } },
    handler: async () => ({ message: 'Success', data: definitionInfo(def, maxBytes) }),
  });

  r.get(`${base}/template`, {
    config,
    schema: { tags: ['imports'], summary: `${def.title}: the template (XLSX or CSV)`, querystring: importFormatQuery },
    handler: async (req, reply) => {
      const format = req.query.format;
      return attachment(reply, `${def.templateName}.${format}`, format).send(await service.template(def, format));
    },
  });

  r.post(base, {
    config,
    schema: {
      tags: ['imports'],
      summary: `${def.title}: upload an XLSX or CSV file (multipart field "file"); validation runs as a job`,
      querystring: def.params ?? noParams,
      response: { 200: envelope(importBatch) },
    },
    handler: async (req) => {
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
    },
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
