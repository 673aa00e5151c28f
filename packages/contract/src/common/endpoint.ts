import { z } from 'zod';
import type { Action } from '../access/types.ts';
import { MENU_BY_KEY } from '../access/registry.ts';
import type { RoutePermission } from '../access/permissions.ts';
import { listMeta } from './envelope.ts';
import { idParam } from './list-query.ts';
import { exportQueryOf } from './export-query.ts';
import type { HttpMethod, ParamNames } from './endpoint-address.ts';

/** What an endpoint answers: the `data` of the `{ message, data }` envelope, or a body that is not JSON. */
export type Answer = z.ZodType | 'file' | 'stream' | 'html';

/** Error statuses an endpoint may answer beyond those derived from its shape (see `errorStatuses`). */
export type DeclaredError = 401 | 403 | 404 | 409 | 413 | 422 | 429;

/**
 * One API operation, declared once in the contract: the server registers its route from it (path, permission,
 * validation, response schema, OpenAPI operation), the web calls it through `call(endpoint, args)` with its types.
 */
export interface Endpoint<
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends Answer = Answer,
  Pa extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly kind: 'endpoint';
  /** The OpenAPI operationId, unique: `<resource>.<operation>`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Below `/api/v1/`, with `:name` parameters. */
  readonly path: P;
  readonly summary: string;
  /** The OpenAPI tag grouping the operation (the resource's word). */
  readonly tag: string;
  /** Who may call it; the server's access guard enforces it. */
  readonly access: RoutePermission;
  readonly params: Pa;
  readonly query: Q;
  readonly body: B;
  readonly data: D;
  readonly errors: readonly DeclaredError[];
}

/** Any endpoint, whatever its schemas (its fields are read-only, so every endpoint is assignable to it). */
export type AnyEndpoint = Endpoint;

interface EndpointSpec<P extends string, Q, B, D, Pa> {
  id: string;
  method: HttpMethod;
  path: P;
  summary: string;
  tag: string;
  access: RoutePermission;
  /** Required when the path has parameters other than `:id` (which defaults to a positive integer). */
  params?: Pa;
  query?: Q;
  body?: B;
  data: D;
  errors?: readonly DeclaredError[];
}

type DefaultParams<P extends string, Pa> = Pa extends z.ZodType ? Pa : ParamNames<P> extends never ? undefined : typeof idParam;
type OrUndefined<T> = T extends z.ZodType ? T : undefined;

/** Declares one endpoint; a path whose parameters the params schema does not name is refused at load time. */
export function endpoint<
  const P extends string,
  D extends Answer,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  Pa extends z.ZodType | undefined = undefined,
>(spec: EndpointSpec<P, Q, B, D, Pa>): Endpoint<P, OrUndefined<Q>, OrUndefined<B>, D, DefaultParams<P, Pa>> {
  const names = [...spec.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
  let params: z.ZodType | undefined = spec.params as z.ZodType | undefined;
  if (!params && names.length) {
    if (names.length > 1 || names[0] !== 'id') throw new Error(`${spec.id}: path ${spec.path} needs a params schema`);
    params = idParam;
  }
  if (params instanceof z.ZodObject) {
    const missing = names.filter((n) => !(n in params.shape));
    if (missing.length) throw new Error(`${spec.id}: params schema lacks ${missing.join(', ')}`);
  }
  return {
    kind: 'endpoint',
    id: spec.id,
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    tag: spec.tag,
    access: spec.access,
    params,
    query: spec.query,
    body: spec.body,
    data: spec.data,
    errors: spec.errors ?? [],
  } as unknown as Endpoint<P, OrUndefined<Q>, OrUndefined<B>, D, DefaultParams<P, Pa>>;
}

/** The `data` of a list answer: a page of rows and its meta. */
export const page = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), meta: listMeta });

/**
 * The error statuses an endpoint answers, derived from its shape: 400 when it takes input, 401 and 403 unless public,
 * 404 when it names a record, 409 when its body carries a version, and the statuses it declares.
 */
export function errorStatuses(ep: AnyEndpoint): number[] {
  const statuses = new Set<number>();
  if (ep.params || ep.query || ep.body) statuses.add(400);
  if (ep.access !== 'public') statuses.add(401).add(403);
  if (ep.params) statuses.add(404);
  if (ep.body instanceof z.ZodObject && 'version' in ep.body.shape) statuses.add(409);
  for (const s of ep.errors) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

/** The permission of an action over a resource's entries: only entries offering the action grant it. */
export function entriesPermission(resource: string, entries: readonly string[], action: Action): RoutePermission {
  const offering = entries.filter((e) => MENU_BY_KEY.get(e)?.actions.includes(action));
  if (!offering.length) throw new Error(`${resource}: no menu entry of ${entries.join(', ')} offers ${action}`);
  return { entries: offering, action };
}

interface ResourceSpec<P extends string, R extends z.ZodType, Dt, L extends z.ZodType, C, U, Dq> {
  /** The operationId prefix and OpenAPI tag: the URL segment's word (`stores`). */
  name: string;
  /** Below `/api/v1/`. */
  path: P;
  /** The record's word in summaries (`store`). */
  label: string;
  /** Menu entries whose permissions open these endpoints (any one suffices). */
  entries: readonly string[];
  /** Further entries that may read (not write) the records. */
  viewEntries?: readonly string[];
  row: R;
  /** The record answered by get, create and update when it carries more than a list row. */
  detail?: Dt;
  listQuery: L;
  create?: C;
  update?: U;
  /** Declares DELETE; `true` (the record's version in the query, checked), or the schema of its query. */
  remove?: true | Dq;
  /** Tag of the OpenAPI group, when it differs from `name`. */
  tag?: string;
}

type DetailOf<R, Dt> = Dt extends z.ZodType ? Dt : R;
type Id<P extends string> = `${P}/:id`;

/** The standard endpoints of a resource: list and get, with create, update and remove as declared. */
export type ResourceEndpoints<P extends string, R extends z.ZodType, Dt, L extends z.ZodType, C, U, Dq> = {
  list: Endpoint<P, L, undefined, ReturnType<typeof page<R>>, undefined>;
  get: Endpoint<Id<P>, undefined, undefined, DetailOf<R, Dt>, typeof idParam>;
} & (C extends z.ZodType ? { create: Endpoint<P, undefined, C, DetailOf<R, Dt>, undefined> } : { create?: undefined }) &
  (U extends z.ZodType ? { update: Endpoint<Id<P>, undefined, U, DetailOf<R, Dt>, typeof idParam> } : { update?: undefined }) &
  ([Dq] extends [undefined]
    ? { remove?: undefined }
    : { remove: Endpoint<Id<P>, Dq extends z.ZodType ? Dq : typeof deleteVersionQuery, undefined, z.ZodNull, typeof idParam> });

/** A delete names the version it saw, so deleting a record someone has just changed answers 409, like an edit. */
export const deleteVersionQuery = z.object({ version: z.coerce.number().int().min(1) }).strict();

/** Declares a resource's list, get, create, update and remove endpoints at once. */
export function resourceApi<
  const P extends string,
  R extends z.ZodType,
  L extends z.ZodType,
  Dt extends z.ZodType | undefined = undefined,
  C extends z.ZodType | undefined = undefined,
  U extends z.ZodType | undefined = undefined,
  Dq extends z.ZodType | true | undefined = undefined,
>(spec: ResourceSpec<P, R, Dt, L, C, U, Dq>): ResourceEndpoints<P, R, Dt, L, C, U, Dq> {
  const tag = spec.tag ?? spec.name;
  const label = spec.label;
  const detail = (spec.detail ?? spec.row) as z.ZodType;
  const view = entriesPermission(spec.path, [...spec.entries, ...(spec.viewEntries ?? [])], 'view');
  const idPath = `${spec.path}/:id`;
  const api: Record<string, AnyEndpoint> = {
    list: endpoint({ id: `${spec.name}.list`, method: 'GET', path: spec.path, tag, summary: `List ${label} records`, access: view, query: spec.listQuery, data: page(spec.row) }),
    get: endpoint({ id: `${spec.name}.get`, method: 'GET', path: idPath, tag, summary: `One ${label}`, access: view, data: detail }),
  };
  if (spec.create) {
    api.create = endpoint({
      id: `${spec.name}.create`,
      method: 'POST',
      path: spec.path,
      tag,
      summary: `Create a ${label}`,
      access: entriesPermission(spec.path, spec.entries, 'create'),
      body: spec.create as z.ZodType,
      data: detail,
      errors: [409],
    });
  }
  if (spec.update) {
    api.update = endpoint({
      id: `${spec.name}.update`,
      method: 'PUT',
      path: idPath,
      tag,
      summary: `Update a ${label} (409 when the version is stale)`,
      access: entriesPermission(spec.path, spec.entries, 'edit'),
      body: spec.update as z.ZodType,
      data: detail,
      errors: [409],
    });
  }
  if (spec.remove) {
    api.remove = endpoint({
      id: `${spec.name}.remove`,
      method: 'DELETE',
      path: idPath,
      tag,
      summary: `Delete a ${label}`,
      access: entriesPermission(spec.path, spec.entries, 'delete'),
      query: spec.remove === true ? deleteVersionQuery : (spec.remove as z.ZodType),
      data: z.null(),
      errors: [409],
    });
  }
  return api as unknown as ResourceEndpoints<P, R, Dt, L, C, U, Dq>;
}

/**
 * `GET <list path>/export`: the list's filters plus a format; the file itself (200), or 202 with the Download List entry
 * a background job fills. The `export` right on one of the entries admits.
 */
export function exportEndpoint<const P extends string, Q extends z.ZodObject>(
  list: { id: string; path: P; tag: string; query: Q },
  entries: readonly string[],
  what: string,
) {
  const resource = list.id.slice(0, list.id.lastIndexOf('.'));
  return endpoint({
    id: `${resource}.export`,
    method: 'GET',
    path: `${list.path}/export`,
    tag: list.tag,
    summary: `Export ${what} as CSV (with BOM), TXT or XLSX; large exports go to the Download List`,
    access: entriesPermission(`${list.path}/export`, entries, 'export'),
    query: exportQueryOf(list.query),
    data: 'file',
  });
}

/** Every endpoint found in a tree of descriptor objects (the contract's API registry walks the domains with it). */
export function collectEndpoints(tree: unknown, into: AnyEndpoint[] = []): AnyEndpoint[] {
  if (!tree || typeof tree !== 'object') return into;
  if ((tree as { kind?: unknown }).kind === 'endpoint') {
    into.push(tree as AnyEndpoint);
    return into;
  }
  for (const value of Object.values(tree)) collectEndpoints(value, into);
  return into;
}
