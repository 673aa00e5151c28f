import { z } from 'zod';
import { endpoint, entriesPermission, page } from './endpoint.ts';
import { isoDateTime } from './fields.ts';
import { listQuery } from './list-query.ts';

/**
 * heimdal's operator tools are guarded writes (issue 17): a dry-run preview of exactly what will change, then the change
 * with a reason (and, for a bulk or irreversible one, a typed confirmation) by a session whose second factor is recent,
 * in one transaction with its audit entry, undoable where the change allows it. These are the shapes every tool shares.
 */

/** The tools whose changes are kept as operator actions (each one's menu entry grants it). */
export const OPERATOR_TOOLS = ['patch-order', 'update-force-stock', 'stock-shadow', 'grab-retry'] as const;
export type OperatorTool = (typeof OPERATOR_TOOLS)[number];

const shown = z.union([z.string(), z.number(), z.null()]);

/** One field of one record a tool changes: what it is and what it will be (or, once applied, was and became). */
export const guardedChange = z.object({
  /** The record's kind: `order`, `store-product`, `stock-shadow`, `courier-handover`. */
  entity: z.string(),
  entity_id: z.string(),
  /** How staff know the record: the order number, the store and PLU. */
  label: z.string(),
  field: z.string(),
  before: shown,
  after: shown,
});
export type GuardedChange = z.infer<typeof guardedChange>;

/** At most this many changes travel in a preview or an action's detail; `total` counts them all. */
export const GUARDED_CHANGES_SHOWN = 200;

export const guardedPreview = z.object({
  changes: z.array(guardedChange),
  total: z.number().int().min(0),
  /** The plan's digest: the change is applied only while the plan is still the previewed one (otherwise 409). */
  fingerprint: z.string(),
  /** The words to type before a bulk or irreversible change; null when a reason is enough. */
  confirmation: z.string().nullable(),
  /** Whether the change can be undone afterwards. */
  undoable: z.boolean(),
  /** What the change does beside the fields listed, or leaves alone (`Stock is not changed`). */
  notes: z.array(z.string()),
});
export type GuardedPreview = z.infer<typeof guardedPreview>;

export const GUARDED_REASON_MIN = 10;
export const guardedReason = z
  .string({ error: 'Give the reason for this change' })
  .trim()
  .min(GUARDED_REASON_MIN, `Give the reason for this change (at least ${GUARDED_REASON_MIN} characters)`)
  .max(500, 'The reason can be at most 500 characters');

/** What a tool's apply takes beside its own input: the reason, the preview it was shown, the typed confirmation. */
export const guardedApplyFields = {
  reason: guardedReason,
  fingerprint: z.string({ error: 'Preview the change first' }).regex(/^[0-9a-f]{64}$/, 'Preview the change first'),
  confirmation: z.string().trim().max(200).optional(),
};

export const operatorActionRow = z.object({
  id: z.number().int(),
  tool: z.enum(OPERATOR_TOOLS),
  actor_name: z.string().nullable(),
  reason: z.string(),
  /** The changes it made. */
  total: z.number().int(),
  /** The first change's record, to know the action by. */
  label: z.string(),
  created_at: isoDateTime,
  /** It can be undone now: its tool allows it and it was not undone yet. */
  undoable: z.boolean(),
  undone_at: isoDateTime.nullable(),
  undone_by_name: z.string().nullable(),
  undo_reason: z.string().nullable(),
});
export type OperatorActionRow = z.infer<typeof operatorActionRow>;

export const operatorActionDetail = operatorActionRow.extend({
  changes: z.array(guardedChange),
  /** The words to type before undoing a bulk action; null when a reason is enough. */
  undo_confirmation: z.string().nullable(),
});
export type OperatorActionDetail = z.infer<typeof operatorActionDetail>;

export const operatorActionListQuery = listQuery(['created_at'], { undone: z.enum(['true', 'false']).optional() });
export type OperatorActionListQuery = z.infer<typeof operatorActionListQuery>;

export const operatorActionUndoBody = z.object({ reason: guardedReason, confirmation: z.string().trim().max(200).optional() }).strict();

/**
 * A guarded tool's endpoints under `path`: `preview` (what it would change, nothing written) and `apply` (with the
 * reason, the preview's fingerprint and the confirmation) take the tool's own input; `actions`, `action` and `undo`
 * are its kept actions. Viewing needs the entry's view; changing, its edit.
 */
export function guardedToolApi<const P extends string, I extends z.ZodObject>(spec: { tool: OperatorTool; entry: string; path: P; tag: string; what: string; input: I }) {
  const view = entriesPermission(spec.path, [spec.entry], 'view');
  const edit = entriesPermission(spec.path, [spec.entry], 'edit');
  const common = { tag: spec.tag };
  return {
    preview: endpoint({
      ...common,
      id: `${spec.tool}.preview`,
      method: 'POST',
      path: `${spec.path}/preview`,
      summary: `What ${spec.what} would change, with nothing written`,
      access: edit,
      body: spec.input,
      data: guardedPreview,
      errors: [422],
    }),
    apply: endpoint({
      ...common,
      id: `${spec.tool}.apply`,
      method: 'POST',
      path: spec.path,
      summary: `${spec.what[0]?.toUpperCase()}${spec.what.slice(1)}: exactly the previewed change, with its reason, by a session whose second factor is recent`,
      access: edit,
      body: spec.input.extend(guardedApplyFields).strict(),
      data: operatorActionDetail,
      errors: [409, 422],
    }),
    actions: endpoint({
      ...common,
      id: `${spec.tool}.actions`,
      method: 'GET',
      path: `${spec.path}/actions`,
      summary: `The changes made by ${spec.what}, newest first`,
      access: view,
      query: operatorActionListQuery,
      data: page(operatorActionRow),
    }),
    action: endpoint({
      ...common,
      id: `${spec.tool}.action`,
      method: 'GET',
      path: `${spec.path}/actions/:id`,
      summary: `One change made by ${spec.what}, each field before and after`,
      access: view,
      data: operatorActionDetail,
    }),
    undo: endpoint({
      ...common,
      id: `${spec.tool}.undo`,
      method: 'POST',
      path: `${spec.path}/actions/:id/undo`,
      summary: `Undoes one change made by ${spec.what} while its records are still as it left them`,
      access: edit,
      body: operatorActionUndoBody,
      data: operatorActionDetail,
      errors: [409, 422],
    }),
  };
}
export type GuardedToolApi = ReturnType<typeof guardedToolApi>;
