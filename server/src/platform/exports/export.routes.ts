import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { downloadsApi, type AnyEndpoint, type ExportFormat } from '@portal/contract';
import { serve } from '../serve.ts';
import { actorOf } from '../access-guard.ts';
import type { Clock } from '../clock.ts';
import type { ExportDef } from './export-def.ts';
import type { ExportService, RawQuery } from './export.service.ts';

/** Query parameters of a list that an export ignores (it writes every matching row). */
const NOT_FILTERS = new Set(['format', 'page', 'limit', 'cursor', 'is_all', 'with_total']);

/** The list query as typed in the URL, without paging: what a job re-reads its rows with. */
function rawFilters(req: FastifyRequest): RawQuery {
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
  const raw: RawQuery = {};
  for (const [key, value] of new URLSearchParams(query)) {
    if (NOT_FILTERS.has(key)) continue;
    const had = raw[key];
    raw[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return raw;
}

/** `attachment` with the name as plain ASCII and, for any other character, RFC 5987's UTF-8 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const sendFile = (reply: FastifyReply, f: { fileName: string; contentType: string; size?: number; body: NodeJS.ReadableStream }) => {
  reply.header('content-type', f.contentType).header('content-disposition', contentDisposition(f.fileName));
  if (f.size !== undefined) reply.header('content-length', String(f.size));
  return reply.send(f.body);
};

/**
 * A direct download keeps its export place until the browser has read it; one that takes nothing for `ms` (a stalled
 * or vanished reader) is cut, which closes the file and gives the place back.
 */
function endStalled(reply: FastifyReply, ms: number): void {
  // With a listener of its own the response's socket is not destroyed for us on timeout: cut it here.
  reply.raw.setTimeout(ms, () => reply.raw.destroy());
}

/**
 * The export endpoint of a list (`GET <list path>/export?format=csv|txt|xlsx&<the list's filters>`). Up to the
 * threshold the file is the answer (200); above it the answer is 202 with the Download List entry a job fills. The
 * endpoint's `export` permission must name the definition's entries: the Download List checks them again later.
 */
export function registerExportRoute(app: FastifyInstance, service: ExportService, clock: Clock, def: ExportDef, ep: AnyEndpoint): void {
  const access = ep.access;
  if (typeof access !== 'object' || access.action !== 'export' || access.entries.join() !== def.entries.join()) {
    throw new Error(`${ep.id}: its permission must be export on ${def.entries.join(', ')}`);
  }
  service.add(def);
  serve(app, ep, async (req, reply) => {
    const actor = actorOf(req);
    def.guard?.(actor, clock.now());
    const { format, ...q } = req.query as { format: ExportFormat } & Record<string, unknown>;
    const answer = await service.request(def, rawFilters(req), q, format, { userId: actor.userId, audit: { actor, ip: req.ip, now: clock.now() } });
    if (answer.kind === 'job') return reply.status(202).send({ message: 'Export in progress, see Download List', data: answer.download });
    endStalled(reply, service.stallSeconds * 1000);
    return sendFile(reply, answer);
  });
}

/**
 * The Download List. Any signed-in user sees and downloads only their own files, so both routes need a session only
 * (decision in docs/decisions.md); the file also needs the export right it was made under, still held.
 */
export function registerDownloadRoutes(app: FastifyInstance, service: ExportService): void {
  serve(app, downloadsApi.list, async (req) => ({ message: 'Success', data: await service.list(actorOf(req).userId, req.query) }));
  serve(app, downloadsApi.file, async (req, reply) => {
    const actor = actorOf(req);
    return sendFile(reply, await service.file(actor.userId, actor.perms, req.params.id));
  });
}
