import type { Query } from './api.ts';

/**
 * Query keys for one resource: `all` prefixes every key of the resource (invalidate it after a mutation),
 * `list(params)` a page of the list, `detail(id)` one record.
 */
export interface ResourceKeys<Name extends string> {
  all: readonly [Name];
  lists: () => readonly [Name, 'list'];
  list: (params?: Query) => readonly [Name, 'list', Query];
  details: () => readonly [Name, 'detail'];
  detail: (id: string | number) => readonly [Name, 'detail', string];
}

export function resourceKeys<Name extends string>(name: Name): ResourceKeys<Name> {
  return {
    all: [name] as const,
    lists: () => [name, 'list'] as const,
    list: (params: Query = {}) => [name, 'list', params] as const,
    details: () => [name, 'detail'] as const,
    detail: (id: string | number) => [name, 'detail', String(id)] as const,
  };
}

/** Every react-query key the web app uses, one entry per resource. */
export const queryKeys = {
  profile: ['profile'] as const,
  meta: ['meta'] as const,
  legal: (kind: string, variant: string, language: string) => ['legal', kind, variant, language] as const,
  role: resourceKeys('role'),
  user: resourceKeys('user'),
  logHistory: resourceKeys('log-history'),
  permission: resourceKeys('permission'),
  secondFactor: ['second-factor-status'] as const,
  /** heimdal's kept operator actions, every tool's (list params carry the tool). */
  operatorActions: resourceKeys('operator-actions'),
  /** Import batches (the import wizard's). */
  imports: resourceKeys('imports'),
  patchOrder: resourceKeys('patch-order'),
  grabRetry: resourceKeys('grab-retry'),
  /** heimdal's stock shadow entries (a tab of Update Force Stock). */
  stockShadow: resourceKeys('stock-shadow'),
} as const;
