import type { AnyEndpoint } from '@portal/contract';
import type { Paged, Query } from '../lib/api.ts';
import { callEndpoint } from '../lib/call.ts';

/**
 * A resource's endpoints as the contract declares them (`resourceApi`, or a sub-list's endpoint in place of `list`);
 * a list without a detail screen may have no `get`.
 */
export interface ResourceEndpoints {
  list: AnyEndpoint;
  get?: AnyEndpoint | undefined;
  create?: AnyEndpoint | undefined;
  update?: AnyEndpoint | undefined;
  remove?: AnyEndpoint | undefined;
}

/** What the generic screens call: the list, one record, and create, update and remove where the resource has them. */
export interface ResourceCalls<Row, Detail> {
  list: (query: Query) => Promise<Paged<Row>>;
  get: (id: string | number) => Promise<Detail>;
  create?: (body: unknown) => Promise<Detail>;
  update?: (id: string | number, body: unknown) => Promise<Detail>;
  remove?: (id: string | number, query?: Query) => Promise<unknown>;
}

/** How a record's id becomes the arguments of its get, update and remove: `{ id }`, or what the view says. */
export type RecordArgs = (id: string | number) => { query?: Query } & Record<string, unknown>;

/**
 * The calls of a view's resource; `listParams` fill the list endpoint's path (the store whose products it lists), and
 * `recordArgs` turn a record id into its call's arguments (a document named by its variant and language in the query).
 */
export function resourceCalls<Row, Detail>(
  a: ResourceEndpoints,
  listParams: Record<string, string | number> = {},
  recordArgs: RecordArgs = (id) => ({ id }),
): ResourceCalls<Row, Detail> {
  const { get, create, update, remove } = a;
  return {
    list: async (query) => (await callEndpoint<Paged<Row>>(a.list, { ...listParams, query })).data,
    get: async (id) => {
      if (!get) throw new Error('This resource has no detail');
      return (await callEndpoint<Detail>(get, recordArgs(id))).data;
    },
    ...(create ? { create: async (body: unknown) => (await callEndpoint<Detail>(create, { body })).data } : {}),
    ...(update ? { update: async (id: string | number, body: unknown) => (await callEndpoint<Detail>(update, { ...recordArgs(id), body })).data } : {}),
    ...(remove
      ? {
          remove: async (id: string | number, query?: Query) => {
            const args = recordArgs(id);
            return callEndpoint<unknown>(remove, { ...args, query: { ...args.query, ...query } });
          },
        }
      : {}),
  };
}

