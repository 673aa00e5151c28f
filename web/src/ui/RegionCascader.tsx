import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { Col, Form, Row, Select, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { districtRow, provinceRow, regencyRow, regionsApi, villageRow, VILLAGE_MIN_SEARCH, type AnyEndpoint } from '@portal/contract';
import type { z } from 'zod';
import type { Paged } from '../lib/api.ts';
import { callEndpoint } from '../lib/call.ts';
import { resourceKeys } from '../lib/query-keys.ts';
import type { CustomInputProps, FieldDef } from './resource.ts';

/*
 * Indonesian regions as four cascading selects: province → regency/city → district → village. Each level lists the
 * children of the level above and searches on the server as the user types (debounced), so no level ever loads the
 * whole table (83k villages). Changing a level clears the levels below it.
 *
 * Two ways to use it:
 * - `regionFields()` in a ResourceForm: four ordinary body fields (`province_code`, `regency_code`, `district_code`,
 *   `village_code`), each its own Form.Item, so zod issues and server errors show under the right select and the
 *   body stays flat as the contract has it. Each select reads its parent from the form.
 * - `<RegionCascader value onChange />` anywhere else: one value `{ province_code, regency_code, district_code,
 *   village_code }`.
 */

export const REGION_LEVELS = ['province', 'regency', 'district', 'village'] as const;
export type RegionLevel = (typeof REGION_LEVELS)[number];
export type RegionField = `${RegionLevel}_code`;
export type RegionValue = Partial<Record<RegionField, string | null>>;

const fieldOf = (level: RegionLevel): RegionField => `${level}_code`;

interface LevelDef {
  /** The level's list endpoint. */
  endpoint: AnyEndpoint;
  /** The query key naming the parent's code. */
  parentParam?: string;
  row: z.ZodType<{ code: string; name: string }>;
  label: string;
}

const LEVELS: Record<RegionLevel, LevelDef> = {
  province: { endpoint: regionsApi.provinces, row: provinceRow, label: 'Province' },
  regency: { endpoint: regionsApi.regencies, parentParam: 'province_code', row: regencyRow, label: 'Regency / City' },
  district: { endpoint: regionsApi.districts, parentParam: 'regency_code', row: districtRow, label: 'District' },
  village: { endpoint: regionsApi.villages, parentParam: 'district_code', row: villageRow, label: 'Village' },
};

/** Server search waits this long after the last key stroke. */
const DEBOUNCE_MS = 300;
/** The most options a level shows at once; typing narrows them on the server. */
const PAGE = 100;

export function useDebounced<T>(value: T, ms = DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

type Option = { value: string; label: string };

async function fetchLevel(level: RegionLevel, parentCode: string | undefined, search: string | undefined, limit = PAGE): Promise<Option[]> {
  const def = LEVELS[level];
  const query = { ...(def.parentParam && parentCode ? { [def.parentParam]: parentCode } : {}), search, limit, sort_by: 'name', sort_dir: 'asc' };
  const page = (await callEndpoint<Paged<unknown>>(def.endpoint, { query })).data;
  return page.data.flatMap((r) => {
    const parsed = def.row.safeParse(r);
    return parsed.success ? [{ value: parsed.data.code, label: parsed.data.name }] : [];
  });
}

export interface RegionSelectProps {
  level: RegionLevel;
  /** The chosen code of the level above; a level below province lists nothing until it is set. */
  parentCode?: string | null;
  id?: string;
  value?: string | null;
  onChange?: (code: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
  allowClear?: boolean;
}

/** One level: its parent's children, searched on the server as the user types; the chosen one stays labelled. */
export function RegionSelect({ level, parentCode, id, value, onChange, disabled, placeholder, allowClear = true }: RegionSelectProps) {
  const { t } = useTranslation();
  const def = LEVELS[level];
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const parent = parentCode ?? undefined;
  const ready = level === 'province' || !!parent;
  const keys = resourceKeys(level);

  const list = useQuery({
    queryKey: keys.list({ parent, search: term || undefined, limit: PAGE }),
    queryFn: () => fetchLevel(level, parent, term || undefined),
    enabled: ready && !(level === 'village' && !parent && term.length < VILLAGE_MIN_SEARCH),
    staleTime: 5 * 60_000,
    // While a new search loads, keep showing this parent's children; never another parent's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2]?.parent === parent ? keepPreviousData(previous) : undefined),
  });
  // A saved code may lie beyond the first page of its parent's children: find its name by code.
  const options = list.data ?? [];
  const missing = !!value && !options.some((o) => o.value === value);
  const chosen = useQuery({
    queryKey: keys.detail(value ?? ''),
    queryFn: async () => (await fetchLevel(level, undefined, value ?? undefined, 5)).find((o) => o.value === value) ?? null,
    enabled: missing && !list.isFetching,
    staleTime: 5 * 60_000,
  });
  const shown = useMemo(() => (missing && chosen.data ? [chosen.data, ...options] : options), [missing, chosen.data, options]);
  const loading = list.isFetching || chosen.isFetching;
  const label = t(`ui.region.${level}`, def.label);

  return (
    <Select<string>
      id={id}
      data-testid={`region-${level}`}
      value={value ?? undefined}
      disabled={disabled || !ready}
      allowClear={allowClear}
      loading={loading}
      placeholder={ready ? (placeholder ?? t('ui.region.choose', 'Choose {{level}}', { level: label.toLowerCase() })) : t('ui.region.chooseFirst', 'Choose the level above first')}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      notFoundContent={loading ? <Spin size="small" /> : t('ui.region.none', 'No match')}
      options={shown}
      onChange={(v) => {
        setSearch('');
        onChange?.(v ?? null);
      }}
      onClear={() => setSearch('')}
      onBlur={() => setSearch('')}
      style={{ width: '100%' }}
    />
  );
}

/** The four levels side by side with one value; a change clears the levels below. */
export function RegionCascader({
  value,
  onChange,
  disabled,
  depth = 'village',
}: {
  value?: RegionValue;
  onChange?: (value: RegionValue) => void;
  disabled?: boolean;
  /** The deepest level offered. */
  depth?: RegionLevel;
}) {
  const { t } = useTranslation();
  const levels = REGION_LEVELS.slice(0, REGION_LEVELS.indexOf(depth) + 1);
  const current = value ?? {};
  const set = (level: RegionLevel, code: string | null) => {
    const next: RegionValue = { ...current, [fieldOf(level)]: code };
    for (const below of REGION_LEVELS.slice(REGION_LEVELS.indexOf(level) + 1)) if (levels.includes(below)) next[fieldOf(below)] = null;
    onChange?.(next);
  };
  return (
    <Row gutter={[8, 8]} data-testid="region-cascader">
      {levels.map((level, i) => {
        const parentLevel = i > 0 ? levels[i - 1] : undefined;
        return (
          <Col key={level} xs={24} sm={12} lg={24 / levels.length}>
            <div style={{ fontSize: 12, marginBottom: 4, color: 'rgba(0,0,0,0.55)' }}>{t(`ui.region.${level}`, LEVELS[level].label)}</div>
            <RegionSelect
              level={level}
              parentCode={parentLevel ? current[fieldOf(parentLevel)] : undefined}
              value={current[fieldOf(level)] ?? null}
              onChange={(code) => set(level, code)}
              disabled={disabled}
            />
          </Col>
        );
      })}
    </Row>
  );
}

/**
 * A ResourceForm input for one level: reads the level above from the form and, when the user picks another code,
 * clears the levels below (to null, so an edit also clears them on the server).
 */
function formLevelInput(level: RegionLevel, levels: readonly RegionLevel[]): ComponentType<CustomInputProps> {
  const index = levels.indexOf(level);
  const parentLevel = index > 0 ? levels[index - 1] : undefined;
  const below = levels.slice(index + 1).map(fieldOf);
  function RegionFormInput({ id, value, onChange, disabled }: CustomInputProps) {
    const form = Form.useFormInstance();
    const watched: unknown = Form.useWatch(parentLevel ? fieldOf(parentLevel) : [], { form, preserve: true });
    const parentCode = parentLevel && typeof watched === 'string' ? watched : undefined;
    return (
      <RegionSelect
        id={id}
        level={level}
        parentCode={parentCode}
        value={typeof value === 'string' ? value : null}
        disabled={disabled}
        onChange={(code) => {
          if (code === value) return;
          onChange?.(code);
          if (below.length) form.setFieldsValue(Object.fromEntries(below.map((f) => [f, null])));
        }}
      />
    );
  }
  RegionFormInput.displayName = `RegionFormInput(${level})`;
  return RegionFormInput;
}

/**
 * The region fields of a ResourceForm: `province_code` … down to `depth` (village by default), each a half-width
 * custom field. Labels are English defaults translated under `<view.i18n>.fields.<name>`.
 */
export function regionFields(opts: { depth?: RegionLevel; only?: FieldDef['only'] } = {}): FieldDef[] {
  const levels = REGION_LEVELS.slice(0, REGION_LEVELS.indexOf(opts.depth ?? 'village') + 1);
  return levels.map((level) => ({
    name: fieldOf(level),
    label: LEVELS[level].label,
    input: 'custom' as const,
    wide: false,
    component: formLevelInput(level, levels),
    ...(opts.only ? { only: opts.only } : {}),
  }));
}
