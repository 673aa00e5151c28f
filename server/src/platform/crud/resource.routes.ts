import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyEndpoint } from '@portal/contract';
import { serve } from '../serve.ts';
import { actorOf } from '../access-guard.ts';
import type { AuditContext } from '../audit.ts';
import type { Clock } from '../clock.ts';
import type { ListQueryLike, ResourceService } from './resource.service.ts';

type Versioned = { id: number | string; version: number; updated_at: string; updated_by_name: string | null };

/** A resource's endpoints as the contract declares them (`resourceApi`). */
export interface ResourceEndpointSet {
  list: AnyEndpoint;
  get: AnyEndpoint;
  create?: AnyEndpoint | undefined;
  update?: AnyEndpoint | undefined;
  remove?: AnyEndpoint | undefined;
}

/** The audit context of a request: who, from where, when. */
export const auditContext = (req: FastifyRequest, clock: Clock): AuditContext => ({ actor: actorOf(req), ip: req.ip, now: clock.now() });

/**
 * The routes of a generic resource from its contract endpoints: list, get, and create, update and remove as declared,
 * each with its permission, validation and response schema.
 */
export function registerResourceRoutes<Row extends Versioned, Q extends ListQueryLike>(
  app: FastifyInstance,
  service: ResourceService<Row, Q>,
  clock: Clock,
  api: ResourceEndpointSet,
  opts: {
    /** Success message of an update (the spec's 'Edit Data Successful'). */
    updatedMessage?: string;
    /** The record as this caller may see it (personal data masked), for the answers of get, create and update. */
    present?: (req: FastifyRequest, endpoint: AnyEndpoint, row: Row) => Promise<Row>;
  } = {},
): void {
  const present = opts.present ?? ((_req: FastifyRequest, _ep: AnyEndpoint, row: Row) => Promise.resolve(row));
  serve(app, api.list, async (req) => ({ message: 'Success', data: await service.list(req.query as Q) }));
  serve(app, api.get, async (req) => ({ message: 'Success', data: await present(req, api.get, await service.get((req.params as { id: number }).id)) }));
  const create = api.create;
  if (create) {
    serve(app, create, async (req) => ({ message: 'Success', data: await present(req, create, await service.create(req.body as Record<string, unknown>, auditContext(req, clock))) }));
  }
  const update = api.update;
  if (update) {
    serve(app, update, async (req) => ({
      message: opts.updatedMessage ?? 'Edit Data Successful',
      data: await present(req, update, await service.update((req.params as { id: number }).id, req.body as Record<string, unknown> & { version: number }, auditContext(req, clock))),
    }));
  }
  if (api.remove) {
    serve(app, api.remove, async (req) => {
      await service.remove((req.params as { id: number }).id, auditContext(req, clock), (req.query as { version: number }).version);
      return { message: 'Success', data: null };
    });
  }
}
