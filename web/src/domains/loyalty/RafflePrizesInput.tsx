import { Button, Flex, Input, InputNumber, List, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCount, formatRupiah, type RafflePrize } from '@portal/contract';
import type { CustomInputProps } from '../../ui/resource.ts';

type PrizeLine = Partial<RafflePrize>;

/** The prizes of a raffle, in draw order: a name and how many of it (each one a winner); the total of winners below. */
export function RafflePrizesInput({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const lines: PrizeLine[] = Array.isArray(value) ? (value as PrizeLine[]) : [];
  const set = (next: PrizeLine[]) => onChange?.(next);
  const change = (i: number, patch: PrizeLine) => set(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const winners = lines.reduce((n, l) => n + (l.quantity ?? 0), 0);
  return (
    <Flex vertical gap={8} id={id} data-testid="raffle-prizes">
      {lines.map((line, i) => (
        <Flex key={i} gap={8} align="center">
          <Typography.Text type="secondary" style={{ width: 24 }}>
            {i + 1}.
          </Typography.Text>
          <Input
            style={{ flex: 1 }}
            value={line.name ?? ''}
            disabled={disabled}
            placeholder={t('loyalty.raffle.prizeName', 'Prize')}
            aria-label={t('loyalty.raffle.prizeN', 'Prize {{n}}', { n: i + 1 })}
            data-testid={`raffle-prize-name-${i}`}
            onChange={(e) => change(i, { name: e.target.value })}
          />
          <InputNumber<number>
            min={1}
            max={1000}
            precision={0}
            value={line.quantity ?? null}
            disabled={disabled}
            style={{ width: 130 }}
            suffix="×"
            aria-label={t('loyalty.raffle.quantityN', 'Quantity of prize {{n}}', { n: i + 1 })}
            data-testid={`raffle-prize-quantity-${i}`}
            onChange={(q) => change(i, { quantity: q ?? undefined })}
          />
          <Button icon={<DeleteOutlined />} disabled={disabled} aria-label={t('ui.delete', 'Delete')} onClick={() => set(lines.filter((_, j) => j !== i))} />
        </Flex>
      ))}
      <Flex gap={12} align="center">
        <Button icon={<PlusOutlined />} disabled={disabled || lines.length >= 50} onClick={() => set([...lines, { quantity: 1 }])} data-testid="raffle-prize-add">
          {t('loyalty.raffle.addPrize', 'Add prize')}
        </Button>
        <Typography.Text type="secondary" data-testid="raffle-winners-total">
          {t('loyalty.raffle.winnersTotal', '{{n}} winners in all', { n: formatCount(winners) })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

/** The prize list on the detail: "1 × Motor", in draw order. */
export function RafflePrizesList({ row }: { row: { prizes: readonly RafflePrize[] } }) {
  return (
    <List
      size="small"
      dataSource={[...row.prizes]}
      data-testid="raffle-prizes-list"
      renderItem={(p, i) => (
        <List.Item>
          {i + 1}. {p.name} <Typography.Text strong>× {formatCount(p.quantity)}</Typography.Text>
        </List.Item>
      )}
    />
  );
}

/** How entries are earned: "1 coupon per Rp 100.000 spent", "by entering in the app", or both. */
export function RaffleEarningText({ row }: { row: { spend_per_entry: number | null; app_entry: boolean } }) {
  const { t } = useTranslation();
  const parts = [
    row.spend_per_entry !== null ? t('loyalty.raffle.perSpend', '1 coupon per {{amount}} spent', { amount: formatRupiah(row.spend_per_entry) }) : null,
    row.app_entry ? t('loyalty.raffle.byApp', '1 coupon per entry in the app') : null,
  ].filter(Boolean);
  return <span>{parts.join('; ')}</span>;
}
