import type { OrderDetail } from '@portal/contract';
import { useFormat } from '../../lib/format.ts';
import { OrderItemsPanel } from './OrderItemsPanel.tsx';

/** A row's store as `code · name`. */
export const StoreOf = ({ row }: { row: { store_code: string; store_name: string } }) => (
  <span style={{ whiteSpace: 'nowrap' }}>
    {row.store_code} · {row.store_name}
  </span>
);

/** A YYYY-MM month as MMM/YYYY in the UI language (`Nov/2026`, `Agu/2026`). */
export function MonthOf({ row }: { row: { month: string } }) {
  const f = useFormat();
  return <span style={{ whiteSpace: 'nowrap' }}>{f.date(`${row.month}-15T12:00:00+07:00`).slice(3)}</span>;
}

/** A report's order lines: what was ordered and picked, with no picking offered whoever looks. */
export const ReadOnlyOrderItems = ({ row }: { row: OrderDetail }) => <OrderItemsPanel row={row} readOnly />;
