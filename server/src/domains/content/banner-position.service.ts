import { sql } from 'drizzle-orm';
import type { BannerPositions, ContentKind, ContentRow } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { conflict } from '../../platform/errors.ts';
import type { ContentService } from './content.resource.ts';

/**
 * Banner order, set by dragging: per placement page for banners, one list for top-up banners. The body names every
 * banner of the list in its new order; a list that does not name exactly those answers 409 ("the list changed,
 * reload") rather than half-applying.
 */
export class BannerPositionService {
  constructor(
    private readonly db: Db,
    private readonly banners: ContentService,
  ) {}

  get kind(): ContentKind {
    return this.banners.kind;
  }

  async reorder(body: BannerPositions, ctx: AuditContext): Promise<ContentRow[]> {
    await this.db.transaction(async (tx) => {
      const current = await queryRows<{ id: number }>(
        tx,
        sql`select id from content_items where kind = ${this.kind} and placement_page is not distinct from ${body.placement_page ?? null} order by position, id for update`,
      );
      const before = current.map((r) => Number(r.id));
      const known = new Set(before);
      if (before.length !== body.ids.length || new Set(body.ids).size !== body.ids.length || body.ids.some((id) => !known.has(id))) {
        throw conflict('The banners of this page changed since you opened it. Reload and order them again.');
      }
      for (const [i, id] of body.ids.entries()) {
        await tx.execute(sql`update content_items set position = ${i + 1} where id = ${id} and position is distinct from ${i + 1}`);
      }
      const page = body.placement_page ?? null;
      await writeAudit(tx, ctx, { action: 'update', entity: this.kind, before: { placement_page: page, order: before }, after: { placement_page: page, order: body.ids } });
    });
    const rows = await this.banners.list({ page: 1, limit: 500, sort_by: 'position', sort_dir: 'asc', is_all: true, ...(body.placement_page ? { placement_page: body.placement_page } : {}) });
    return rows.data;
  }
}
