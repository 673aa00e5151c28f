import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { pathOf, type AnyEndpoint, type EnumOption } from '@portal/contract';
import type { Query } from '../lib/api.ts';
import { callEndpoint } from '../lib/call.ts';
import { resourceKeys } from '../lib/query-keys.ts';

export type OptionValue = string | number;
export interface Option {
  value: OptionValue;
  label: string;
  /** Indonesian label, when the source has one. */
  labelId?: string;
}

/**
 * Where a select gets its options: a contract enum table, or an endpoint (a list with `is_all=true`, an options
 * endpoint) whose rows are parsed with a contract schema.
 */
export type OptionSource =
  | { kind: 'static'; options: readonly Option[] }
  | {
      kind: 'remote';
      /** Query-key name of the resource the options come from: its mutations refresh them. */
      resource: string;
      /** The path of the endpoint read, its parameters filled in (part of the query key). */
      path: string;
      query: Query;
      /** Sends what the user types as `search` instead of filtering locally. */
      searchable: boolean;
      load: (search: string | undefined) => Promise<Option[]>;
    };

/** Options from a contract enum table; `only` keeps the listed values (e.g. the ones a body schema accepts). */
export function enumOptions(table: { options: readonly EnumOption<OptionValue>[] }, only?: readonly OptionValue[]): OptionSource {
  const options = table.options.filter((o) => !only || only.includes(o.value));
  return { kind: 'static', options: options.map((o) => ({ value: o.value, label: o.label, ...(o.labelId ? { labelId: o.labelId } : {}) })) };
}

/** The two options of a `true`/`false` list filter, each with its English and Indonesian label. */
export function booleanOptions(yes: { label: string; labelId: string }, no: { label: string; labelId: string }): OptionSource {
  return { kind: 'static', options: [{ value: 'true', ...yes }, { value: 'false', ...no }] };
}

/** Options from a plain list of codes, labelled by themselves. */
export function codeOptions(values: readonly string[]): OptionSource {
  return { kind: 'static', options: values.map((v) => ({ value: v, label: v })) };
}

/** The rows of an endpoint's answer, `T[]` or a page `{ data: T[] }`, that parse with the schema, as options. */
export async function loadOptions<T, O>(
  endpoint: AnyEndpoint,
  args: { query?: Query } & Record<string, unknown>,
  row: z.ZodType<T>,
  toOption: (row: T) => O,
): Promise<O[]> {
  const data = (await callEndpoint<unknown>(endpoint, args)).data;
  const rows: unknown[] = Array.isArray(data) ? data : data && typeof data === 'object' && 'data' in data && Array.isArray(data.data) ? data.data : [];
  return rows.flatMap((r) => {
    const parsed = row.safeParse(r);
    return parsed.success ? [toOption(parsed.data)] : [];
  });
}

/**
 * Options from a contract endpoint answering either `T[]` or a page `{ data: T[] }` (`params` fill its path); rows
 * failing the schema are skipped.
 */
export function remoteOptions<T>(
  resource: string,
  endpoint: AnyEndpoint,
  row: z.ZodType<T>,
  toOption: (row: T) => Option,
  opts: { params?: Record<string, string | number>; query?: Query; searchable?: boolean } = {},
): OptionSource {
  const query = opts.query ?? {};
  const params = opts.params ?? {};
  return {
    kind: 'remote',
    resource,
    path: pathOf(endpoint, params),
    query,
    searchable: opts.searchable ?? false,
    load: (search) => loadOptions(endpoint, { ...params, query: { ...query, search } }, row, toOption),
  };
}

/** The options of a source; for a searchable remote source, those matching `search`. */
export function useOptions(source: OptionSource | undefined, search?: string): { options: readonly Option[]; loading: boolean } {
  const remote = source?.kind === 'remote' ? source : undefined;
  const term = remote?.searchable ? search?.trim() || undefined : undefined;
  const query = useQuery({
    queryKey: resourceKeys(remote?.resource ?? 'options').list({ ...remote?.query, search: term, via: remote?.path }),
    queryFn: () => (remote ? remote.load(term) : Promise.resolve([])),
    enabled: !!remote,
    staleTime: 60_000,
  });
  if (!source) return { options: [], loading: false };
  if (source.kind === 'static') return { options: source.options, loading: false };
  return { options: query.data ?? [], loading: query.isFetching };
}

/** The label of an option in the UI language. */
export const optionLabel = (o: Option, lang: 'en' | 'id') => (lang === 'id' && o.labelId ? o.labelId : o.label);
