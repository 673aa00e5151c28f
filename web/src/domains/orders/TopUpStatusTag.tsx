import { TOP_UP_STATUS } from '@portal/contract';
import { CodedStatusTag } from '../../ui/CodedStatusTag.tsx';

/** A top-up status as the spec's list shows it: code, text and colour. */
export const TopUpStatusTag = ({ status }: { status: number }) => <CodedStatusTag table={TOP_UP_STATUS} status={status} testId="top-up-status" />;

/** The status column and detail item of a top-up row. */
export const TopUpStatusOf = ({ row }: { row: { status: number } }) => <TopUpStatusTag status={row.status} />;
