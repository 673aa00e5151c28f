import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { contentImagesApi } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { auditContext } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { asUploadError } from '../../platform/imports/import.routes.ts';
import { imageTooLarge, type ContentImageService } from './content-image.service.ts';

/** Upload (anyone who may create content of some kind) and the public read of content images. */
export function registerContentImageRoutes(app: FastifyInstance, images: ContentImageService, clock: Clock): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: images.maxBytes, files: 1, fields: 5, parts: 10, headerPairs: 100 } });
    serve(scope, contentImagesApi.upload, async (req) => {
      if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'Send the image as multipart/form-data (field "file").');
      if (Number(req.headers['content-length'] ?? 0) > images.maxBytes + 64 * 1024) throw imageTooLarge(images.maxBytes);
      const temp = path.join(os.tmpdir(), `portal-image-${crypto.randomBytes(8).toString('hex')}`);
      try {
        const part = await req.file();
        if (!part) throw badRequest('Choose an image to upload.');
        await pipeline(part.file, fs.createWriteStream(temp));
        if (part.file.truncated) throw imageTooLarge(images.maxBytes);
        return { message: 'Success', data: await images.keep(temp, part.mimetype, auditContext(req, clock)) };
      } catch (err) {
        throw asUploadError(err, images.maxBytes);
      } finally {
        await fsp.rm(temp, { force: true });
      }
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get('/images/:name', {
    config: { permission: 'public' },
    schema: { tags: ['content images'], summary: 'A content image, as the app shows it', params: z.object({ name: z.string().max(100) }) },
    handler: async (req, reply) => {
      const file = images.open(req.params.name);
      if (!file) throw notFound('Image');
      return reply.header('cache-control', 'public, max-age=31536000, immutable').type(file.type).send(file.stream);
    },
  });
}
