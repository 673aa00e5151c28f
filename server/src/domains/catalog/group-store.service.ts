import type { GroupStoreListQuery, GroupStoreRow } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { AuditContext } from '../../platform/audit.ts';
import { ResourceService } from '../../platform/crud/index.ts';
import { conflict } from '../../platform/errors.ts';
import { groupStoreDef } from './group-store.resource.ts';

/** Group stores: deleting one that still has stores answers 409 saying how many. */
export class GroupStoreService extends ResourceService<GroupStoreRow, GroupStoreListQuery> {
  constructor(db: Db) {
    super(groupStoreDef, db);
  }

  override async remove(id: number | string, ctx: AuditContext, version: number): Promise<void> {
    const row = await this.get(id);
    if (row.store_count > 0) {
      throw conflict(`Group store ${row.name} still has ${row.store_count} store${row.store_count === 1 ? '' : 's'}; move them to another group before deleting it`);
    }
    return super.remove(id, ctx, version);
  }
}
