import { Tag } from 'antd';
import { TOP_UP_STATUS } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';

/** A top-up status as the spec's list shows it: its code, its text (Indonesian when the UI is) and its colour. */
export function TopUpStatusTag({ status }: { status: number }) {
  const lang = useLang();
  const option = TOP_UP_STATUS.options.find((o) => o.value === status);
  const text = option ? (lang === 'id' ? option.labelId : option.label) : '';
  return (
    <Tag color={option?.color} data-testid="top-up-status" data-value={status}>
      {option ? `${status} · ${text}` : status}
    </Tag>
  );
}

/** The status column and detail item of a top-up row. */
export const TopUpStatusOf = ({ row }: { row: { status: number } }) => <TopUpStatusTag status={row.status} />;
