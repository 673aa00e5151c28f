import { useMemo, useRef, useState } from 'react';
import { Alert, Badge, Checkbox, Collapse, Empty, Flex, Input, Spin, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ACTIONS, AREA_LABEL, AREAS, grantKey, MENU_BY_KEY, type Action, type Area, type Grant, type permissionItem, permissionsApi } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useLang } from '../../lib/i18n.ts';

type Item = z.infer<typeof permissionItem>;
/**
 * A grid row. `sig` changes exactly when the row's cells must re-render (its grants, the lock, the language), so the
 * table re-renders only the rows a click changed: with ~300 checkboxes, re-rendering all on every click is sluggish.
 */
type GridRow = { kind: 'group'; key: string; group: string; sig: string } | { kind: 'entry'; key: string; item: Item; sig: string };
const rowChanged = (row: GridRow, prev: GridRow) => row !== prev;

const ACTION_SET: ReadonlySet<string> = new Set(ACTIONS);
const isAction = (v: unknown): v is Action => typeof v === 'string' && ACTION_SET.has(v);

/** The form value (grants from a role detail or the form) as `entry:action` keys; anything malformed is dropped. */
export function grantKeys(value: unknown): Set<string> {
  const keys = new Set<string>();
  if (!Array.isArray(value)) return keys;
  for (const g of value) {
    if (g && typeof g === 'object' && 'entry' in g && 'action' in g && typeof g.entry === 'string' && isAction(g.action)) keys.add(grantKey(g.entry, g.action));
  }
  return keys;
}

/** Grants from a role detail, narrowed to known actions. */
export function toGrants(value: unknown): Grant[] {
  return [...grantKeys(value)].flatMap((k) => {
    const at = k.lastIndexOf(':');
    const action = k.slice(at + 1);
    return isAction(action) ? [{ entry: k.slice(0, at), action }] : [];
  });
}

/** The actions an entry offers, as `permission/list` lists them. */
const offered = (item: Item): Action[] => item.actions.filter(isAction);

function usePermissionItems() {
  return useQuery({
    queryKey: queryKeys.permission.list(),
    queryFn: async () => (await call(permissionsApi.list)).data,
    staleTime: 5 * 60_000,
  });
}

export interface PermissionEditorProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** Shows the grants without checkboxes that change (the role detail). */
  readOnly?: boolean;
  /** Super Admin holds every permission: the grid is informative only. */
  superRole?: boolean;
  /** The editor's own role: nobody changes the rights they hold themselves. */
  ownRole?: boolean;
  /** Whether the editor may give or take a right: only rights it holds itself (default: every right). */
  mayGrant?: (entry: string, action: Action) => boolean;
}

const everyRight = () => true;

/**
 * The role's permissions as a grid: menu entries of `permission/list` grouped by area (collapsible) and group, one
 * column per action with a checkbox where the entry offers it. A row toggle, a column toggle per area, a filter box and
 * the number selected. Checking any action checks view; unchecking view clears the row.
 */
export function PermissionEditor({ id, value, onChange, disabled, readOnly, superRole, ownRole, mayGrant = everyRight }: PermissionEditorProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const items = usePermissionItems();
  const [filter, setFilter] = useState('');
  const selected = useMemo(() => grantKeys(value), [value]);
  const locked = !!disabled || !!readOnly || !!superRole || !!ownRole;
  // Cells render only when their row changes (see GridRow), so handlers read the current state through refs.
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const rowCache = useRef(new Map<string, GridRow>());

  const all = items.data ?? [];
  const byEntry = useMemo(() => new Map(all.map((i) => [i.entry, i])), [all]);
  const label = (item: Item) => {
    const menu = MENU_BY_KEY.get(item.entry);
    return lang === 'id' && menu ? menu.labelId : item.label;
  };
  const term = filter.trim().toLowerCase();
  const visible = term
    ? all.filter((i) => [i.entry, i.label, i.group, MENU_BY_KEY.get(i.entry)?.labelId ?? '', i.route].some((s) => s.toLowerCase().includes(term)))
    : all;

  /** Writes the set back in registry order, so the saved list is stable. */
  const commit = (next: Set<string>) => {
    if (locked) return;
    const grants: Grant[] = [];
    for (const item of all) for (const action of offered(item)) if (next.has(grantKey(item.entry, action))) grants.push({ entry: item.entry, action });
    onChangeRef.current?.(grants);
  };

  /** Checks or unchecks actions of entries, keeping view whenever another action is held. */
  const apply = (entries: readonly Item[], actions: readonly Action[] | 'all', on: boolean) => {
    const next = new Set(selectedRef.current);
    // Rights the editor does not hold are left exactly as they are, neither given nor taken.
    const grantable = (item: Item) => offered(item).filter((a) => mayGrant(item.entry, a));
    for (const item of entries) {
      const acts = (actions === 'all' ? offered(item) : actions.filter((a) => offered(item).includes(a))).filter((a) => mayGrant(item.entry, a));
      for (const a of acts) {
        if (on) {
          next.add(grantKey(item.entry, a));
          if (grantable(item).includes('view')) next.add(grantKey(item.entry, 'view'));
        } else if (a === 'view') {
          for (const other of grantable(item)) next.delete(grantKey(item.entry, other));
        } else {
          next.delete(grantKey(item.entry, a));
        }
      }
    }
    commit(next);
  };

  const state = (entries: readonly Item[], action: Action | 'all') => {
    let total = 0;
    let on = 0;
    for (const item of entries)
      for (const a of action === 'all' ? offered(item) : offered(item).filter((x) => x === action)) {
        total++;
        if (selected.has(grantKey(item.entry, a))) on++;
      }
    return { total, checked: total > 0 && on === total, indeterminate: on > 0 && on < total, on };
  };

  const limited = all.some((item) => offered(item).some((a) => !mayGrant(item.entry, a)));

  if (items.isPending) return <Spin data-testid="permission-loading" />;
  if (items.isError) return <Alert type="error" showIcon title={t('identity.permission.loadFailed', 'The permission list could not be loaded')} />;

  const knownCount = [...selected].filter((k) => {
    const at = k.lastIndexOf(':');
    return byEntry.has(k.slice(0, at));
  }).length;

  /** The previous object of an unchanged row, so its cells skip rendering. */
  const cachedRow = (row: GridRow): GridRow => {
    const cached = rowCache.current.get(row.key);
    if (cached && cached.sig === row.sig && (cached.kind === 'group' || (row.kind === 'entry' && cached.item === row.item))) return cached;
    rowCache.current.set(row.key, row);
    return row;
  };

  const areaPanels = AREAS.map((area: Area) => {
    const entries = visible.filter((i) => i.area === area);
    if (entries.length === 0) return null;
    const rows: GridRow[] = [];
    let lastGroup = '';
    for (const item of entries) {
      if (item.group !== lastGroup) {
        rows.push(cachedRow({ kind: 'group', key: `group:${area}:${item.group}`, group: item.group, sig: lang }));
        lastGroup = item.group;
      }
      const held = offered(item).filter((a) => selected.has(grantKey(item.entry, a)));
      rows.push(cachedRow({ kind: 'entry', key: item.entry, item, sig: `${held.join(',')}|${locked}|${!!superRole}|${lang}` }));
    }
    const areaState = state(entries, 'all');
    const span = ACTIONS.length + 2;
    const groupCell = (row: GridRow) => (row.kind === 'group' ? { colSpan: 0 } : {});
    const columns: TableColumnsType<GridRow> = [
      {
        key: 'entry',
        title: t('identity.permission.menu', 'Menu'),
        shouldCellUpdate: rowChanged,
        onCell: (row) => (row.kind === 'group' ? { colSpan: span } : {}),
        render: (_, row) =>
          row.kind === 'group' ? (
            <Typography.Text strong type="secondary" data-testid={`permission-group-${area}-${row.group}`}>
              {row.group}
            </Typography.Text>
          ) : (
            <Flex vertical>
              <span>{label(row.item)}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.item.entry}
              </Typography.Text>
            </Flex>
          ),
      },
      ...ACTIONS.map((action) => {
        const col = state(entries, action);
        return {
          key: action,
          align: 'center' as const,
          width: 96,
          title: (
            <Flex vertical align="center" gap={2}>
              <span>{t(`identity.permission.action.${action}`, action.charAt(0).toUpperCase() + action.slice(1))}</span>
              {!readOnly && col.total > 0 && (
                <Checkbox
                  checked={col.checked}
                  indeterminate={col.indeterminate}
                  disabled={locked || !entries.some((i) => offered(i).includes(action) && mayGrant(i.entry, action))}
                  onChange={(e) => apply(entries, [action], e.target.checked)}
                  data-testid={`permission-col-all-${area}-${action}`}
                  aria-label={`${AREA_LABEL[area].en} ${action}: all`}
                />
              )}
            </Flex>
          ),
          onCell: groupCell,
          shouldCellUpdate: rowChanged,
          render: (_: unknown, row: GridRow) => {
            if (row.kind === 'group' || !offered(row.item).includes(action)) return null;
            const key = grantKey(row.item.entry, action);
            return (
              <Checkbox
                checked={superRole || selected.has(key)}
                disabled={locked || !mayGrant(row.item.entry, action)}
                onChange={(e) => apply([row.item], [action], e.target.checked)}
                data-testid={`permission-cell-${row.item.entry}-${action}`}
                aria-label={`${row.item.label} ${action}`}
              />
            );
          },
        };
      }),
      {
        key: 'all',
        align: 'center',
        width: 72,
        title: t('identity.permission.all', 'All'),
        onCell: groupCell,
        shouldCellUpdate: rowChanged,
        render: (_, row) => {
          if (row.kind === 'group') return null;
          const rowState = state([row.item], 'all');
          return (
            <Checkbox
              checked={superRole || rowState.checked}
              indeterminate={!superRole && rowState.indeterminate}
              disabled={locked || !offered(row.item).some((a) => mayGrant(row.item.entry, a))}
              onChange={(e) => apply([row.item], 'all', e.target.checked)}
              data-testid={`permission-row-all-${row.item.entry}`}
              aria-label={`${row.item.label}: all`}
            />
          );
        },
      },
    ];
    return {
      key: area,
      label: (
        <Flex justify="space-between" align="center" data-testid={`permission-area-${area}`}>
          <span>
            {lang === 'id' ? AREA_LABEL[area].id : AREA_LABEL[area].en} <Typography.Text type="secondary">({area})</Typography.Text>
          </span>
          <Badge
            count={superRole ? areaState.total : areaState.on}
            showZero
            overflowCount={9999}
            color={areaState.on > 0 || superRole ? 'blue' : 'gray'}
            data-testid={`permission-area-count-${area}`}
          />
        </Flex>
      ),
      children: (
        // No `scroll.x`: antd would render the header a second time in its measure row, doubling the test ids.
        <div style={{ overflowX: 'auto' }}>
        <Table<GridRow>
          size="small"
          rowKey="key"
          pagination={false}
          columns={columns}
          dataSource={rows}
          onRow={(row) => {
            const attrs = { 'data-testid': row.kind === 'entry' ? `permission-row-${row.item.entry}` : undefined, className: row.kind === 'group' ? 'permission-group-row' : 'permission-entry-row' };
            return attrs;
          }}
        />
        </div>
      ),
    };
  }).flatMap((p) => (p ? [p] : []));

  return (
    <div id={id} data-testid="permission-editor">
      {superRole && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('identity.permission.super', 'Super Admin holds every permission; the grid cannot be changed.')}
        />
      )}
      {!superRole && ownRole && !readOnly && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} data-testid="permission-own-role" title={t('identity.permission.ownRole', 'This is your own role: someone else changes its permissions.')} />
      )}
      {!superRole && !ownRole && !readOnly && limited && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="permission-limited"
          title={t('identity.permission.limited', 'You can give or take only the permissions you hold yourself; the others are shown greyed out.')}
        />
      )}
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('identity.permission.filter', 'Find a menu entry')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          style={{ maxWidth: 320 }}
          data-testid="permission-filter"
          disabled={false}
        />
        <Tag color="blue" data-testid="permission-count" data-count={superRole ? undefined : knownCount}>
          {superRole
            ? t('identity.permission.allSelected', 'All permissions')
            : t('identity.permission.count', '{{count}} permissions selected', { count: knownCount })}
        </Tag>
      </Flex>
      {areaPanels.length === 0 ? (
        <Empty description={t('identity.permission.noMatch', 'No menu entry matches')} />
      ) : (
        <Collapse
          items={areaPanels}
          defaultActiveKey={readOnly ? areaPanels.filter((p) => state(all.filter((i) => i.area === p.key), 'all').on > 0).map((p) => p.key) : areaPanels.map((p) => p.key)}
          {...(term ? { activeKey: areaPanels.map((p) => p.key) } : {})}
        />
      )}
    </div>
  );
}
