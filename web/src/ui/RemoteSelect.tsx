import { useEffect, useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { pathOf, type AnyEndpoint } from '@portal/contract';
import { useLang } from '../lib/i18n.ts';
import type { Query } from '../lib/api.ts';
import { resourceKeys } from '../lib/query-keys.ts';
import { loadOptions, optionLabel, useOptions, type OptionSource, type OptionValue } from './options.ts';
import type { CustomInputProps } from './resource.ts';

/** A chosen record as a form value: its id and the text it shows, so a loaded form shows names without a lookup. */
export interface Picked {
  value: number;
  label: string;
}

const isPicked = (v: unknown): v is Picked => !!v && typeof v === 'object' && 'value' in v && typeof (v as Picked).value === 'number';
/** The ids of picked values (form → body). */
export const pickedIds = (v: unknown): number[] => (Array.isArray(v) ? v.filter(isPicked).map((p) => p.value) : []);
/** The id of one picked value (form → body). */
export const pickedId = (v: unknown): number | undefined => (isPicked(v) ? v.value : undefined);

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A select (one or many) over a contract list endpoint searched on the server (`?search=`): the first page shows before
 * anything is typed, what is typed narrows it, and the chosen records show as tags with their names.
 */
export function remoteSelect<T>(opts: {
  /** Query-key name of the resource the rows come from. */
  resource: string;
  /** The endpoint read, answering `T[]` or a page of them. */
  endpoint: AnyEndpoint;
  /** The endpoint's path parameters, if it has any. */
  params?: Record<string, string | number>;
  row: z.ZodType<T>;
  toOption: (row: T) => Picked;
  query?: Query;
  multiple?: boolean;
  /** Further query from the form's other values (e.g. the chosen regions); null disables the search. */
  useExtraQuery?: () => Query | null;
  placeholder?: string;
}) {
  const params = opts.params ?? {};
  const via = `pick:${pathOf(opts.endpoint, params)}`;
  function RemoteSelectInput({ id, value, onChange, disabled }: CustomInputProps) {
    const { t } = useTranslation();
    const [typed, setTyped] = useState('');
    const [search, setSearch] = useState('');
    const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
    useEffect(() => () => clearTimeout(timer.current), []);
    const extra = opts.useExtraQuery?.();
    const query = useMemo(() => ({ limit: 20, ...opts.query, ...extra, search: search || undefined }), [search, JSON.stringify(extra)]);
    const rows = useQuery({
      queryKey: resourceKeys(opts.resource).list({ ...query, via }),
      queryFn: () => loadOptions(opts.endpoint, { ...params, query }, opts.row, opts.toOption),
      enabled: extra !== null,
      staleTime: 30_000,
    });
    const chosen: Picked[] = opts.multiple ? (Array.isArray(value) ? value.filter(isPicked) : []) : isPicked(value) ? [value] : [];
    // Chosen records stay among the options so their tags keep their names while another search is shown.
    const options = [...chosen, ...(rows.data ?? []).filter((o) => !chosen.some((c) => c.value === o.value))];
    return (
      <Select<Picked | Picked[]>
        id={id}
        mode={opts.multiple ? 'multiple' : undefined}
        labelInValue
        allowClear
        disabled={disabled}
        showSearch={{
          filterOption: false,
          searchValue: typed,
          onSearch: (text) => {
            setTyped(text);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
          },
        }}
        loading={rows.isFetching}
        placeholder={opts.placeholder ? t(opts.placeholder, opts.placeholder) : t('ui.typeToSearch', 'Type to search')}
        notFoundContent={extra === null ? t('ui.chooseFirst', 'Choose the regions first') : undefined}
        value={opts.multiple ? chosen : (chosen[0] ?? undefined)}
        options={options}
        style={{ width: '100%' }}
        data-testid={id ? `field-${id}` : undefined}
        onChange={(v) => {
          const strip = (p: Picked) => ({ value: p.value, label: String(options.find((o) => o.value === p.value)?.label ?? p.label) });
          onChange?.(Array.isArray(v) ? v.map(strip) : v ? strip(v) : undefined);
        }}
        onBlur={() => setTyped('')}
      />
    );
  }
  return RemoteSelectInput;
}

/** A multi-select over an option source that loads whole (an enum, `is_all` lists): the value is the plain list of values. */
export function optionMultiSelect(source: OptionSource) {
  function OptionMultiSelectInput({ id, value, onChange, disabled }: CustomInputProps) {
    const lang = useLang();
    const { options, loading } = useOptions(source);
    return (
      <Select<OptionValue[]>
        id={id}
        mode="multiple"
        allowClear
        disabled={disabled}
        loading={loading}
        showSearch={{ optionFilterProp: 'label' }}
        value={Array.isArray(value) ? (value as OptionValue[]) : []}
        options={options.map((o) => ({ value: o.value, label: optionLabel(o, lang) }))}
        style={{ width: '100%' }}
        data-testid={id ? `field-${id}` : undefined}
        onChange={(v) => onChange?.(v)}
      />
    );
  }
  return OptionMultiSelectInput;
}
