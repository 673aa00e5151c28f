import { useState } from 'react';
import { Flex, Select, Spin, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MAPPING_USER_SEARCH_LIMIT, TAG_COLOR, masterMappingEmailsApi, type CustomConsumerTagRow, type MasterMappingEmailRow } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';
import { call } from '../../lib/call.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useDebounced } from '../../ui/RegionCascader.tsx';
import type { CustomInputProps } from '../../ui/resource.ts';

/*
 * The inputs and cells of the master-data screens that the generic ones do not cover: the tag colour palette, the
 * mapping's user picker (server search, up to 1000 users) and its parent picker.
 */

const colorLabel = (value: string, lang: 'en' | 'id') => {
  const o = TAG_COLOR.options.find((c) => c.value === value);
  return o ? (lang === 'id' && o.labelId ? o.labelId : o.label) : value;
};

/** A tag as the app shows it: its name in its colour. */
export function TagChip({ row }: { row: Pick<CustomConsumerTagRow, 'name' | 'color'> }) {
  return (
    <Tag color={row.color} data-testid="tag-chip" style={{ marginInlineEnd: 0 }}>
      {row.name}
    </Tag>
  );
}

/** The colour of a tag, as a swatch with its name. */
export function TagColorCell({ row }: { row: Pick<CustomConsumerTagRow, 'color'> }) {
  const lang = useLang();
  return <Tag color={row.color}>{colorLabel(row.color, lang)}</Tag>;
}

/** The fixed palette as clickable swatches; the chosen one carries a tick. */
export function TagColorPicker({ id, value, onChange, disabled }: CustomInputProps) {
  const lang = useLang();
  return (
    <Flex id={id} wrap gap={6} role="radiogroup" data-testid="field-color">
      {TAG_COLOR.options.map((o) => {
        const chosen = value === o.value;
        return (
          <span
            key={o.value}
            role="radio"
            aria-checked={chosen}
            aria-disabled={disabled}
            tabIndex={disabled ? -1 : 0}
            data-value={o.value}
            onClick={() => !disabled && onChange?.(o.value)}
            onKeyDown={(e) => {
              if (!disabled && (e.key === ' ' || e.key === 'Enter')) {
                e.preventDefault();
                onChange?.(o.value);
              }
            }}
          >
            <Tag color={o.value} style={{ cursor: disabled ? 'not-allowed' : 'pointer', margin: 0, outline: chosen ? '2px solid #1677ff' : undefined, outlineOffset: 1 }}>
              {chosen && <CheckOutlined style={{ marginInlineEnd: 4 }} />}
              {lang === 'id' && o.labelId ? o.labelId : o.label}
            </Tag>
          </span>
        );
      })}
    </Flex>
  );
}

/** The mapping's record id on its edit page (its own user stays choosable there). */
function useOpenId(): number | undefined {
  const params: Record<string, unknown> = useParams({ strict: false });
  const id = typeof params.id === 'string' ? Number(params.id) : NaN;
  return Number.isFinite(id) ? id : undefined;
}

/**
 * Picks the user of a mapping: searches active users on the server as one types (debounced), up to 1000 (spec §9).
 * Users mapped elsewhere are shown but cannot be chosen: a user appears once.
 */
export function MappingUserPicker({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const openId = useOpenId();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const users = useQuery({
    queryKey: resourceKeys('master-mapping-email').list({ via: 'user-options', search: term || undefined }),
    queryFn: async () => (await call(masterMappingEmailsApi.userOptions, { query: { search: term || undefined, limit: MAPPING_USER_SEARCH_LIMIT } })).data,
    staleTime: 30_000,
  });
  // The chosen user may be outside this search: name it from its mapping.
  const chosenId = typeof value === 'number' ? value : undefined;
  const inList = !!chosenId && (users.data ?? []).some((u) => u.id === chosenId);
  const chosen = useQuery({
    queryKey: resourceKeys('master-mapping-email').list({ user_id: chosenId }),
    queryFn: async () => (await call(masterMappingEmailsApi.list, { query: { user_id: chosenId } })).data.data[0]?.user ?? null,
    enabled: !!chosenId && !inList && !users.isFetching,
  });
  const options = (users.data ?? []).map((u) => ({
    value: u.id,
    label: `${u.name} · ${u.email}`,
    disabled: u.mapping_id !== null && u.mapping_id !== openId,
    user: u,
  }));
  if (chosenId && !inList && chosen.data) options.unshift({ value: chosen.data.id, label: `${chosen.data.name} · ${chosen.data.email}`, disabled: false, user: { ...chosen.data, mapping_id: openId ?? null } });
  return (
    <Select<number>
      id={id}
      data-testid="field-user_id"
      value={chosenId}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={users.isFetching}
      placeholder={t('masterdata.mapping.userPlaceholder', 'Search a name, username or e-mail')}
      notFoundContent={users.isFetching ? <Spin size="small" /> : t('ui.region.none', 'No match')}
      options={options}
      optionRender={(o) => (
        <Flex vertical>
          <span>{o.data.user.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.data.user.email} · {o.data.user.username}
            {o.data.disabled ? ` · ${t('masterdata.mapping.alreadyMapped', 'already mapped')}` : ''}
          </Typography.Text>
        </Flex>
      )}
      onChange={(v) => {
        setSearch('');
        onChange?.(v);
      }}
      onBlur={() => setSearch('')}
      style={{ width: '100%' }}
    />
  );
}

/** Picks the mapping this one escalates to (empty: the top of the tree); the mapping itself is not offered. */
export function MappingParentPicker({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const openId = useOpenId();
  const mappings = useQuery({
    queryKey: resourceKeys('master-mapping-email').list({ is_all: 'true', sort_by: 'name' }),
    queryFn: async () => (await call(masterMappingEmailsApi.list, { query: { is_all: 'true', sort_by: 'name', sort_dir: 'asc' } })).data.data,
    staleTime: 30_000,
  });
  const options = (mappings.data ?? []).filter((m) => m.id !== openId).map((m) => ({ value: m.id, label: `${m.user.name} · ${m.user.email}` }));
  return (
    <Select<number>
      id={id}
      data-testid="field-parent_id"
      value={typeof value === 'number' ? value : undefined}
      disabled={disabled}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={mappings.isFetching}
      placeholder={t('masterdata.mapping.parentPlaceholder', 'None: top of the escalation tree')}
      options={options}
      onChange={(v) => onChange?.(v ?? null)}
      style={{ width: '100%' }}
    />
  );
}

/** A user of a mapping row: name with e-mail underneath. */
export function MappingUserCell({ row }: { row: MasterMappingEmailRow }) {
  return (
    <Flex vertical>
      <span>{row.user.name}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {row.user.email}
      </Typography.Text>
    </Flex>
  );
}

/** Whom a mapping escalates to, or that it is the top. */
export function MappingParentCell({ row }: { row: MasterMappingEmailRow }) {
  const { t } = useTranslation();
  if (!row.parent_user) return <Tag color="gold">{t('masterdata.mapping.top', 'Top')}</Tag>;
  return (
    <Flex vertical>
      <span>{row.parent_user.name}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {row.parent_user.email}
      </Typography.Text>
    </Flex>
  );
}

/** The mappings escalating to this one (its children in the tree). */
export function MappingChildren({ row }: { row: MasterMappingEmailRow }) {
  const { t } = useTranslation();
  const children = useQuery({
    queryKey: resourceKeys('master-mapping-email').list({ parent_id: row.id, is_all: 'true' }),
    queryFn: async () => (await call(masterMappingEmailsApi.list, { query: { parent_id: row.id, is_all: 'true', sort_by: 'name', sort_dir: 'asc' } })).data.data,
  });
  if (children.isPending) return <Spin size="small" />;
  const rows = children.data ?? [];
  if (!rows.length) return <Typography.Text type="secondary">{t('masterdata.mapping.noChildren', 'Nobody escalates to this user.')}</Typography.Text>;
  return (
    <Flex vertical gap={6} data-testid="mapping-children">
      {rows.map((c) => (
        <span key={c.id}>
          {c.user.name} <Typography.Text type="secondary">· {c.user.email}</Typography.Text>
        </span>
      ))}
    </Flex>
  );
}
