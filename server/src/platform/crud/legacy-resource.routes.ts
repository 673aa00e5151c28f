import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, idParam, listEnvelope, MENU_BY_KEY, okEnvelope, type Action } from '@portal/contract';
import { auditContext } from './resource.routes.ts';
import type { Clock } from '../clock.ts';
import type { ListQueryLike, ResourceService } from './resource.service.ts';

type Versioned = { id: number | string; version: number; updated_at: string; updated_by_name: string | null };

/** Transitional: the route declaration of a resource not yet described in the contract. */
export interface ResourceRoutes<Row extends Versioned, Q extends ListQueryLike> {
  /** `/api/v1/<resources>`. */
  path: string;
  /** Menu entries whose permissions open these routes (any one suffices). */
  entries: readonly string[];
  /** Further entries that may read (not write) the records, e.g. 3PL Setting reading stores. */
  viewEntries?: readonly string[];
  tags: string[];
  row: z.ZodType<Row>;
  /** The record answered by GET /:id, POST and PUT when it carries more than a list row (its products, stores, ...). */
  detail?: z.ZodType<Row>;
  listQuery: z.ZodType<Q>;
  create?: z.ZodType<Record<string, unknown>>;
  update?: z.ZodType<Record<string, unknown> & { version: number }>;
  /** Registers DELETE. */
  remove?: boolean;
  /** Success message of an update (the spec's 'Edit Data Successful'). */
  updatedMessage?: string;
}


/**
 * The REST routes of a generic resource: GET list, GET one, POST, PUT, DELETE, each with its permission, contract
 * validation and response schema.
 */
export function registerLegacyResourceRoutes<Row extends Versioned, Q extends ListQueryLike>(
  app: FastifyInstance,
  service: ResourceService<Row, Q>,
  clock: Clock,
  r: ResourceRoutes<Row, Q>,
): void {
  const z = app.withTypeProvider<ZodTypeProvider>();
  // Only entries offering the action grant it (Product Management offers no create; Master Data Product does).
  const perm = (action: Action) => {
    const entries = (action === 'view' ? [...r.entries, ...(r.viewEntries ?? [])] : r.entries).filter((e) => MENU_BY_KEY.get(e)?.actions.includes(action));
    if (!entries.length) throw new Error(`${r.path}: no menu entry of ${r.entries.join(', ')} offers ${action}`);
    return { permission: { entries, action } };
  };
  const label = service.def.label;
  const detail = r.detail ?? r.row;

  z.get(r.path, {
    config: perm('view'),
    schema: { tags: r.tags, summary: `List ${label.toLowerCase()} records`, querystring: r.listQuery, response: { 200: listEnvelope(r.row) } },
    handler: async (req) => ({ message: 'Success', data: await service.list(req.query as Q) }),
  });

  z.get(`${r.path}/:id`, {
    config: perm('view'),
    schema: { tags: r.tags, summary: `One ${label.toLowerCase()}`, params: idParam, response: { 200: envelope(detail) } },
    handler: async (req) => ({ message: 'Success', data: await service.get(req.params.id) }),
  });

  if (r.create) {
    z.post(r.path, {
      config: perm('create'),
      schema: { tags: r.tags, summary: `Create a ${label.toLowerCase()}`, body: r.create, response: { 200: envelope(detail) } },
      handler: async (req) => ({ message: 'Success', data: await service.create(req.body as Record<string, unknown>, auditContext(req, clock)) }),
    });
  }

  if (r.update) {
    z.put(`${r.path}/:id`, {
      config: perm('edit'),
      schema: { tags: r.tags, summary: `Update a ${label.toLowerCase()} (409 when the version is stale)`, params: idParam, body: r.update, response: { 200: envelope(detail) } },
      handler: async (req) => ({
        message: r.updatedMessage ?? 'Edit Data Successful',
        data: await service.update(req.params.id, req.body as Record<string, unknown> & { version: number }, auditContext(req, clock)),
      }),
    });
  }

  if (r.remove) {
    z.delete(`${r.path}/:id`, {
      config: perm('delete'),
      schema: { tags: r.tags, summary: `Delete a ${label.toLowerCase()}`, params: idParam, response: { 200: okEnvelope } },
      handler: async (req) => {
        await service.remove(req.params.id, auditContext(req, clock));
        return { message: 'Success', data: null };
      },
    });
  }
}
