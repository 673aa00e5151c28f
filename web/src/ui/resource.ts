import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { Action, AnyEndpoint, EnumOption } from '@portal/contract';
import type { OptionSource } from './options.ts';
import type { PathsOverride } from './resource-paths.ts';
import type { RecordArgs, ResourceEndpoints } from './resource-calls.ts';

/** Any contract enum table (`USER_STATUS`, ...): its options carry label, Indonesian label and colour. */
export interface EnumTableLike {
  options: readonly EnumOption<string | number>[];
}

/** How a value is shown in a table cell or a detail item. */
export type ValueKind = 'text' | 'date' | 'status' | 'rupiah' | 'number' | 'tag' | 'boolean' | 'custom';

/** A value shown from a row: a column of the list or an item of the detail view. */
export interface DisplayDef<Row> {
  /** The row field shown; for `custom` with `component`, any unique key. */
  key: string;
  /** English default label; the translation key is `<view.i18n>.fields.<key>`. */
  label: string;
  kind?: ValueKind;
  /** For `status` (and optionally `tag`): the contract enum table giving label and colour. */
  enum?: EnumTableLike;
  /** For `custom`: renders the value from the whole row. */
  component?: ComponentType<{ row: Row }>;
}

export interface ColumnDef<Row> extends DisplayDef<Row> {
  /** Offered for server-side sorting; must be in the list query's `sort_by` whitelist. */
  sortable?: boolean;
  width?: number;
  /** Kept in view at the table's right edge while the rest scrolls (a row's own action). */
  fixed?: 'right';
  /** Hidden until the user turns it on in the column chooser. */
  defaultHidden?: boolean;
  /** Links the cell to the record's detail page. */
  link?: boolean;
}

/** A list filter kept in the URL next to the list query. */
export type FilterDef =
  | { kind: 'select'; key: string; label: string; options: OptionSource; width?: number }
  | { kind: 'text'; key: string; label: string; width?: number }
  /** A date range written to two query keys as YYYY-MM-DD. */
  | { kind: 'dateRange'; from: string; to: string; label: string }
  /** One day written to a query key as YYYY-MM-DD (e.g. `active_on`). */
  | { kind: 'date'; key: string; label: string; width?: number };

/** `rupiah`: whole Rupiah with dot thousands; `boolean`: a switch. */
export type FieldInput = 'text' | 'textarea' | 'email' | 'password' | 'number' | 'rupiah' | 'boolean' | 'select' | 'custom';

/** What a custom form input receives from antd's Form.Item. */
export interface CustomInputProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

export interface FieldDef {
  /** The body field; zod issues on this path show under it. */
  name: string;
  label: string;
  input: FieldInput;
  options?: OptionSource;
  /** Shown only when creating, or only when editing. */
  only?: 'create' | 'edit';
  placeholder?: string;
  help?: string;
  /** Takes the whole form width (the default for `custom` and `textarea`; `false` puts one of those in a half column). */
  wide?: boolean;
  component?: ComponentType<CustomInputProps>;
}

export interface FormDef<Detail> {
  /** The contract bodies; `safeParse` runs on submit and its issues show under the fields. */
  create?: z.ZodType;
  /** The update body; it carries `version`, which the form adds from the loaded record. */
  update?: z.ZodType;
  fields: readonly FieldDef[];
  /** The form values of a loaded record; by default the record's fields of the same names. */
  fromDetail?: (detail: Detail) => Record<string, unknown>;
  /** The values a copy starts from (`{id}/duplicate`), given the copied record's; by default the same. */
  duplicate?: (values: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Reshapes the fields' values into the body before it is checked and sent: chosen `{ value, label }` items back to ids,
   * values that other calls save (see `afterSave`) left out.
   */
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Further calls after the record is saved (a planogram's syncs), given the saved record and the form's values. */
  afterSave?: (saved: Detail, values: Record<string, unknown>, mode: 'create' | 'edit') => Promise<void>;
}

export interface DetailSection<Detail> {
  key: string;
  /** English default title; translation key `<view.i18n>.sections.<key>`. */
  title?: string;
  items?: readonly DisplayDef<Detail>[];
  /** A section that is more than label/value pairs (a diff table, a permission grid). */
  component?: ComponentType<{ row: Detail }>;
}

/** An action over the rows ticked in a list (close tickets in bulk): one call for all of them, all or none. */
export interface BulkActionDef<Row> {
  key: string;
  /** English default label; translation key `<view.i18n>.bulk.<key>`. */
  label: string;
  /** The entry action a user must hold to be offered it. */
  action: Action;
  /** Rows it applies to; others cannot be ticked for it. */
  eligible?: (row: Row) => boolean;
  /** English default of the confirmation; translation key `<view.i18n>.bulk.<key>Confirm`, `{{count}}` rows. */
  confirm: string;
  run: (rows: readonly Row[]) => Promise<unknown>;
}

/**
 * A resource declared once: its endpoints, permission entries, list columns and filters, form fields and detail
 * sections. The generic screens (ResourceTable, ResourceForm, DetailView) do the rest.
 */
export interface ResourceView<Row extends { id: number | string }, Detail extends Row = Row> {
  /** Query-key name (`resourceKeys(name)`) and column-chooser storage key. */
  name: string;
  /** Translation prefix, e.g. `identity.role`. */
  i18n: string;
  /** English default title (singular); translation key `<i18n>.title`. */
  title: string;
  /**
   * The menu entries (contract/access keys) whose screens show this resource. The entry's route is the list path;
   * create, {id}/detail and {id}/edit derive from it, and the entry's actions gate the buttons.
   */
  entries: readonly string[];
  /** The contract list-query schema validating the URL search params. */
  listQuery: z.ZodType;
  /** The resource's endpoints from the contract (`storesApi`); the list may be a sub-list's endpoint. */
  api: ResourceEndpoints;
  /** Path parameters of the list endpoint (the store whose products a sub-list shows). */
  listParams?: Record<string, string | number>;
  /** The arguments of a record's get, update and remove, when its id is not simply `{ id }`. */
  recordArgs?: RecordArgs;
  columns: readonly ColumnDef<Row>[];
  /** The search box placeholder (English default); omit for no search box. */
  search?: string;
  filters?: readonly FilterDef[];
  form?: FormDef<Detail>;
  detail: readonly DetailSection<Detail>[];
  /** What names a record in breadcrumbs and confirmations. */
  rowTitle: (row: Detail | Row) => string;
  /** Extra buttons on the detail page (reset password, ...). */
  detailActions?: ComponentType<{ row: Detail; entry: string }>;
  /** Query sent with DELETE; by default the record's version (the server refuses a delete of a changed record). */
  deleteQuery?: (row: Row | Detail) => Record<string, string | number>;
  /** false: the list shows no detail/edit/delete buttons (rows read elsewhere). */
  rowActions?: false;
  /** Record paths that differ from `<entry route>/$id/detail` and friends. */
  paths?: PathsOverride;
  /** Records the server never lets anyone edit or delete (the Super Admin role): no such buttons on them. */
  locked?: (row: Row | Detail) => boolean;
  /**
   * The list's export endpoint (`log-history/export`): an Export button (CSV, TXT, XLSX with the list's current
   * filters) for users holding the entry's `export` action.
   */
  export?: AnyEndpoint;
  /** Filters the export always carries: a sub-list's parent (`group_store_id` of the group whose stores it lists). */
  exportQuery?: Record<string, string | number>;
  /** Actions over ticked rows; the list shows checkboxes when the user may take one. */
  bulkActions?: readonly BulkActionDef<Row>[];
  /** Re-reads the list every so many milliseconds while this answers a number for the rows shown (jobs in progress). */
  refresh?: (rows: readonly Row[]) => number | false;
}

/** Builds a view with its Row and Detail types inferred and checked. */
export function defineResource<Row extends { id: number | string }, Detail extends Row = Row>(
  view: ResourceView<Row, Detail>,
): ResourceView<Row, Detail> {
  return view;
}

/** A row's field by name, for the generic renderers. */
export function fieldOf(row: object, key: string): unknown {
  return key in row ? (row as Record<string, unknown>)[key] : undefined;
}

/** What a DELETE of this record carries: the view's query, else the version the user saw. */
export function deleteQueryOf<Row extends { id: string | number }, Detail extends Row>(
  view: Pick<ResourceView<Row, Detail>, 'deleteQuery'>,
  row: Row | Detail,
): Record<string, string | number> | undefined {
  if (view.deleteQuery) return view.deleteQuery(row);
  const version = (row as { version?: unknown }).version;
  return typeof version === 'number' ? { version } : undefined;
}
