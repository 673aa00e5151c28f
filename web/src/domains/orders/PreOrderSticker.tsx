import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_FULFILMENT, formatCount, type StickerRow } from '@portal/contract';
import { useFormat } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';

/*
 * A pre-order's sticker: what a store sticks on the packed order so the right bag reaches the right customer on the
 * right day. Its QR code is the order number, drawn by the server as one SVG path (no encoder in the browser).
 */

/** The QR modules with a quiet zone of four around them, white behind, sharp at any size. */
export function QrCode({ path, size, label, px }: { path: string; size: number; label: string; px: number }) {
  const all = size + 8;
  return (
    <svg role="img" aria-label={label} width={px} height={px} viewBox={`-4 -4 ${all} ${all}`} shapeRendering="crispEdges" style={{ display: 'block', flex: 'none' }}>
      <rect x={-4} y={-4} width={all} height={all} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The list's QR column. */
export const StickerQrOf = ({ row }: { row: StickerRow }) => <QrCode path={row.qr_path} size={row.qr_size} label={row.order_no} px={56} />;

/** The customer's name and phone, as the caller may see them (masked without the personal-data right). */
export const StickerCustomerOf = ({ row }: { row: StickerRow }) => (
  <Flex vertical>
    <span>{row.consumer_name}</span>
    {row.consumer_phone && <Typography.Text type="secondary">{row.consumer_phone}</Typography.Text>}
  </Flex>
);

/** The lines, each as `quantity × PLU name`. */
export const StickerItemsOf = ({ row }: { row: StickerRow }) => (
  <Flex vertical>
    {row.items.map((i) => (
      <span key={i.plu}>
        {formatCount(i.quantity)} × {i.plu} {i.name}
      </span>
    ))}
  </Flex>
);

/** One sticker as printed: the event, the number and its QR code, who collects it where and when, and what is in the bag. */
export function PreOrderSticker({ row }: { row: StickerRow }) {
  const { t } = useTranslation();
  const f = useFormat();
  const lang = useLang();
  const fulfilment = ORDER_FULFILMENT.get(row.fulfilment as 1 | 2);
  const units = row.items.reduce((n, i) => n + i.quantity, 0);
  const label = (key: string, text: string) => t(`orders.reports.preOrderSticker.fields.${key}`, text);
  return (
    <article className="pre-order-sticker" data-testid="pre-order-sticker" aria-label={row.order_no}>
      <Flex justify="space-between" gap={8} align="start">
        <div style={{ minWidth: 0 }}>
          <div className="sticker-event">{row.event_name}</div>
          <div className="sticker-number">{row.order_no}</div>
          <dl>
            <dt>{label('collection_day', 'Collection Day')}</dt>
            <dd className="sticker-day">{f.date(`${row.collection_day}T12:00:00+07:00`)}</dd>
            <dt>{label('store', 'Store')}</dt>
            <dd>
              {row.store_code} · {row.store_name}
            </dd>
            <dt>{label('customer', 'Customer')}</dt>
            <dd>
              {row.consumer_name}
              {row.consumer_phone ? ` · ${row.consumer_phone}` : ''}
            </dd>
          </dl>
        </div>
        <Flex vertical align="center" gap={4}>
          <QrCode path={row.qr_path} size={row.qr_size} label={row.order_no} px={96} />
          <Tag color={row.fulfilment === 1 ? 'blue' : 'green'} style={{ margin: 0 }}>
            {fulfilment ? (lang === 'id' && fulfilment.labelId ? fulfilment.labelId : fulfilment.label) : row.fulfilment}
          </Tag>
        </Flex>
      </Flex>
      <table className="sticker-items">
        <thead>
          <tr>
            <th scope="col">{label('quantity', 'Qty')}</th>
            <th scope="col">{label('plu', 'PLU')}</th>
            <th scope="col">{label('item', 'Item')}</th>
          </tr>
        </thead>
        <tbody>
          {row.items.map((i) => (
            <tr key={i.plu}>
              <td>{formatCount(i.quantity)}</td>
              <td>{i.plu}</td>
              <td>{i.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="sticker-units">{t('orders.reports.preOrderSticker.units', '{{count}} units', { count: units })}</div>
    </article>
  );
}
