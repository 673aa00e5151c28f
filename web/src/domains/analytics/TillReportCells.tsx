import { Table, Typography } from 'antd';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MENU_BY_KEY, TILL_REPORT_ENTRIES, type AlpDetail, type AlpRow, type FreeGiftHandoverRow, type PromoReportRow } from '@portal/contract';
import { formatCount, formatRupiah, useFormat } from '../../lib/format.ts';
import { useGo } from '../../ui/nav.ts';

/* The till reports' cells and sections beyond the generic ones. */

const routeOf = (entry: string) => MENU_BY_KEY.get(entry)?.route ?? '/admin';
export const ALP_ROUTE = routeOf(TILL_REPORT_ENTRIES.alp[0]);
export const FREE_GIFT_ROUTE = routeOf(TILL_REPORT_ENTRIES.freeGift[0]);
const PROMO_ROUTE = routeOf(TILL_REPORT_ENTRIES.promo[0]);

/** A staff purchase's path: its transaction type, then its id (`{transactionType}/{id}/detail`). */
export const alpDetailPath = (row: Pick<AlpRow, 'id' | 'transaction_type'>) => `${ALP_ROUTE}/${row.transaction_type}/${row.id}/detail`;

/** A row's store as `code · name` (none for history recorded without one). */
export const TillStoreOf = ({ row }: { row: { store_code: string | null; store_name: string | null } }) =>
  row.store_code ? (
    <span style={{ whiteSpace: 'nowrap' }}>
      {row.store_code} · {row.store_name}
    </span>
  ) : (
    <>—</>
  );

/** A percentage with one decimal in the UI language (`112,5 %`), none when there is no quota. */
export function PercentOf({ row }: { row: { quota_used: number | null } }) {
  const f = useFormat();
  if (row.quota_used === null) return <>—</>;
  const text = `${row.quota_used.toLocaleString(f.lang === 'id' ? 'id-ID' : 'en-US', { maximumFractionDigits: 1 })} %`;
  return row.quota_used > 100 ? <Typography.Text type="danger">{text}</Typography.Text> : <>{text}</>;
}

/** The receipt number, opening the staff purchase with its lines. */
export function AlpReceiptLink({ row }: { row: AlpRow }) {
  const { link } = useGo();
  return (
    <a {...link(alpDetailPath(row))} data-testid="alp-receipt-link">
      {row.receipt_no}
    </a>
  );
}

/** The gift's code and name, opening its programme over the same period. */
export function GiftProgrammeLink({ row }: { row: FreeGiftHandoverRow }) {
  const { link } = useGo();
  const search: Record<string, unknown> = useSearch({ strict: false });
  const period = new URLSearchParams(['from', 'to'].flatMap((k) => (typeof search[k] === 'string' ? [[k, String(search[k])]] : [])));
  const query = period.toString();
  return (
    <a {...link(`${FREE_GIFT_ROUTE}/${row.free_gift_id}/detail${query ? `?${query}` : ''}`)} data-testid="gift-programme-link">
      {row.gift_code} · {row.gift_name}
    </a>
  );
}

/** The promo's code, narrowing the report to that promo by store (or, already narrowed, keeping its view). */
export function PromoDrill({ row }: { row: PromoReportRow }) {
  const { link } = useGo();
  const search: Record<string, unknown> = useSearch({ strict: false });
  const kept = Object.fromEntries(Object.entries(search).filter(([k, v]) => k !== 'page' && k !== 'cursor' && (typeof v === 'string' || typeof v === 'number')).map(([k, v]) => [k, String(v)]));
  const next = new URLSearchParams({ ...kept, promo_id: String(row.promo_id), view: kept.view && kept.view !== 'promo' ? kept.view : 'store' });
  return (
    <a {...link(`${PROMO_ROUTE}?${next.toString()}`)} data-testid="promo-drill">
      {row.promo_code}
    </a>
  );
}

/** What a promo row is of beyond its promo: the store or the day of its view. */
export function PromoScope({ row }: { row: PromoReportRow }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (row.store_code) return <TillStoreOf row={row} />;
  if (row.day) return <span style={{ whiteSpace: 'nowrap' }}>{f.date(`${row.day}T12:00:00+07:00`)}</span>;
  return <Typography.Text type="secondary">{t('analytics.tillReports.promo.allStoresDays', 'All stores and days')}</Typography.Text>;
}

/** A staff purchase's receipt, line by line, with the promo the till applied to each. */
export function AlpLines({ row }: { row: AlpDetail }) {
  const { t } = useTranslation();
  const label = (key: string, text: string) => t(`analytics.tillReports.alp.fields.${key}`, text);
  if (!row.lines.length) return <Typography.Text type="secondary">{t('analytics.tillReports.alp.noLines', 'This purchase was recorded without its receipt’s lines.')}</Typography.Text>;
  return (
    <Table
      size="small"
      rowKey="line_no"
      pagination={false}
      data-testid="alp-lines"
      dataSource={row.lines}
      columns={[
        { key: 'plu', title: label('plu', 'PLU'), dataIndex: 'plu' },
        { key: 'product', title: label('product_name', 'Product'), render: (_, l) => l.product_name ?? '—' },
        { key: 'quantity', title: label('quantity', 'Quantity'), align: 'right', render: (_, l) => formatCount(l.quantity) },
        { key: 'price', title: label('price', 'Price'), align: 'right', render: (_, l) => formatRupiah(l.price) },
        { key: 'amount', title: label('line_amount', 'Line Amount'), align: 'right', render: (_, l) => formatRupiah(l.amount) },
        { key: 'promo', title: label('promo', 'Promo'), render: (_, l) => (l.promo_code ? `${l.promo_code} · ${l.promo_name ?? ''}` : '—') },
        { key: 'discount', title: label('promo_discount', 'Promo Discount'), align: 'right', render: (_, l) => (l.discount ? formatRupiah(l.discount) : '—') },
      ]}
    />
  );
}
