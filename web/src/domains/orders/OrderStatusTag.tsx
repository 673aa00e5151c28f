import { Tag } from 'antd';
import { ORDER_STATUS } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';

/** An order status as the spec's table shows it: its code, its text (Indonesian when the UI is) and its colour. */
export function OrderStatusTag({ status }: { status: number }) {
  const lang = useLang();
  const option = ORDER_STATUS.options.find((o) => o.value === status);
  if (!option) return <Tag>{status}</Tag>;
  return (
    <Tag color={option.color} data-testid="order-status" data-value={status}>
      {status} · {lang === 'id' ? option.labelId : option.label}
    </Tag>
  );
}

/** The status column and detail item of an order row. */
export const OrderStatusOf = ({ row }: { row: { status: number } }) => <OrderStatusTag status={row.status} />;
