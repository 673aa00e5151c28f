import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { EnumOption } from '@portal/contract';
import type { OptionSource } from './options.ts';

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
  | { kind: 'dateRange'; from: string; to: string; label: string };

export type FieldInput = 'text' | 'textarea' | 'email' | 'password' | 'number' | 'select' | 'custom';

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
  /** Takes the whole form width (the default for `custom` and `textarea`). */
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
}

export interface DetailSection<Detail> {
  key: string;
  /** English default title; translation key `<view.i18n>.sections.<key>`. */
  title?: string;
  items?: readonly DisplayDef<Detail>[];
  /** A section that is more than label/value pairs (a diff table, a permission grid). */
  component?: ComponentType<{ row: Detail }>;
}

export interface ResourceApi {
  list: string;
  detail: (id: string | number) => string;
  create?: string;
  update?: (id: string | number) => string;
  delete?: (id: string | number) => string;
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
  api: ResourceApi;
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
  /** Query sent with DELETE (e.g. the record's version). */
  deleteQuery?: (row: Row | Detail) => Record<string, string | number>;
  /** Records the server never lets anyone edit or delete (the Super Admin role): no such buttons on them. */
  locked?: (row: Row | Detail) => boolean;
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
