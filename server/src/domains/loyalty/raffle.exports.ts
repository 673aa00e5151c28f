import { sql } from 'drizzle-orm';
import { RAFFLE_ENTRIES, RAFFLE_SOURCE, raffleExportQuery, rafflesApi } from '@portal/contract';
import { defineExport, enumLabel } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';

/** Section 9 "raffle", by the general pattern Export-{param}-{suffix}: `Export-raffle-<YYYYMMDD_HHmmss>.<format>`. */
const NAME = 'Export-raffle';

/** One raffle's entries (its raffle coupons, in the frozen draw order of their ids), each with the prize it won, if any. */
export function raffleExports(): ModuleExport[] {
  const def = defineExport({
    name: NAME,
    sheetName: 'Raffle',
    entries: RAFFLE_ENTRIES,
    listQuery: raffleExportQuery,
    columns: [
      { key: 'id', label: 'Entry ID', format: 'number' },
      { key: 'code', label: 'Raffle Coupon' },
      { key: 'consumer_id', label: 'Consumer ID', format: 'number' },
      { key: 'consumer_name', label: 'Consumer Name' },
      { key: 'app_card_id', label: 'App Card ID' },
      { key: 'source', label: 'Earned By', format: enumLabel(RAFFLE_SOURCE) },
      { key: 'source_ref', label: 'Transaction / Entry' },
      { key: 'earned_at', label: 'Earned At (WIB)', format: 'datetime' },
      { key: 'prize_name', label: 'Prize Won' },
      { key: 'step', label: 'Draw Step', format: 'number' },
    ],
    source: (q) => ({
      select: sql`select k.id, k.code, k.consumer_id, c.name as consumer_name, c.app_card_id, k.source, k.source_ref, k.earned_at, w.prize_name, w.step`,
      from: sql`from raffle_coupons k join consumers c on c.id = k.consumer_id left join raffle_winners w on w.raffle_coupon_id = k.id`,
      where: [sql`k.raffle_id = ${q.raffle_id}`],
      keys: ['k.id'],
      keyColumns: ['id'],
      dir: q.sort_dir,
    }),
  });
  return [{ def, endpoint: rafflesApi.export }];
}
