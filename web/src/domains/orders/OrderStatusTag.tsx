import { ORDER_STATUS } from '@portal/contract';
import { CodedStatusTag } from '../../ui/CodedStatusTag.tsx';

/** An order status as the spec's table shows it: code, text and colour. */
export const OrderStatusTag = ({ status }: { status: number }) => <CodedStatusTag table={ORDER_STATUS} status={status} testId="order-status" />;

/** The status column and detail item of an order row. */
export const OrderStatusOf = ({ row }: { row: { status: number } }) => <OrderStatusTag status={row.status} />;
