import { Alert, Button, Descriptions, Flex, Popconfirm, Table, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RAFFLE_CLOSED, RAFFLE_DRAWN, formatDateTime, rafflesApi, type RaffleDetail } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { useLang } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';

const keys = resourceKeys('raffle');

/**
 * The draw on a raffle's detail: the commitment published since creation, the Draw button once the entries have closed
 * (the server refuses earlier and a second time), then the revealed seed, every winner with the coupon drawn and its
 * step, how to check it all, and the file of entries and winners.
 */
export function RaffleDrawPanel({ row }: { row: RaffleDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const access = useResourceAccess({ entries: ['cms.raffle'] });
  const queryClient = useQueryClient();
  const draw = useMutation({
    mutationFn: () => call(rafflesApi.draw, { id: row.id }),
    onSuccess: async () => {
      notifySuccess(t('loyalty.raffle.drawn', 'The raffle has been drawn'));
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
    onError: (err) => notifyError(err),
  });
  const drawn = row.status === RAFFLE_DRAWN;
  return (
    <Flex vertical gap={16} data-testid="raffle-draw">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('loyalty.raffle.fields.commitment', 'Commitment (SHA-256 of the seed)')}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="raffle-commitment">
            {row.commitment}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('loyalty.raffle.fields.seed', 'Seed')}>
          {row.seed ? (
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="raffle-seed">
              {row.seed}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" data-testid="raffle-seed-hidden">
              {t('loyalty.raffle.seedHidden', 'Kept secret until the draw')}
            </Typography.Text>
          )}
        </Descriptions.Item>
        {drawn && (
          <Descriptions.Item label={t('loyalty.raffle.fields.drawn_at', 'Drawn At')}>
            {formatDateTime(row.drawn_at, lang)} · {row.drawn_by_name ?? '-'} · {t('loyalty.raffle.steps', '{{n}} steps', { n: row.draw_steps ?? 0 })}
          </Descriptions.Item>
        )}
      </Descriptions>

      {!drawn && access.can('edit') && (
        <Flex gap={12} align="center" wrap>
          <Popconfirm
            title={t('loyalty.raffle.drawConfirm', 'Draw the winners now? The entry list is frozen and the seed revealed; this cannot be undone.')}
            onConfirm={() => draw.mutateAsync()}
            okText={t('loyalty.raffle.draw', 'Draw winners')}
            cancelText={t('ui.cancel', 'Cancel')}
            disabled={row.status !== RAFFLE_CLOSED}
          >
            <Button type="primary" icon={<TrophyOutlined />} disabled={row.status !== RAFFLE_CLOSED} loading={draw.isPending} data-testid="raffle-draw-button">
              {t('loyalty.raffle.draw', 'Draw winners')}
            </Button>
          </Popconfirm>
          {row.status !== RAFFLE_CLOSED && (
            <Typography.Text type="secondary">
              {t('loyalty.raffle.drawAfter', 'The draw opens when the entries close ({{end}}).', { end: formatDateTime(row.entry_end, lang) })}
            </Typography.Text>
          )}
        </Flex>
      )}

      {drawn && (
        <Table
          size="small"
          rowKey="step"
          pagination={false}
          dataSource={row.winners}
          data-testid="raffle-winners"
          locale={{ emptyText: t('loyalty.raffle.noWinners', 'No entries: nobody won') }}
          columns={[
            { key: 'step', title: t('loyalty.raffle.fields.step', 'Step'), dataIndex: 'step', width: 70 },
            { key: 'prize', title: t('loyalty.raffle.fields.prize_name', 'Prize'), dataIndex: 'prize_name' },
            { key: 'code', title: t('loyalty.raffle.fields.code', 'Raffle Coupon'), render: (_, w) => <Typography.Text code>{w.code}</Typography.Text> },
            { key: 'consumer', title: t('loyalty.raffle.fields.consumer_name', 'Consumer'), render: (_, w) => w.consumer_name ?? `#${w.consumer_id}` },
            { key: 'card', title: t('loyalty.raffle.fields.app_card_id', 'App Card ID'), render: (_, w) => w.app_card_id ?? '-' },
          ]}
        />
      )}

      {drawn && (
        <Alert
          type="info"
          showIcon
          title={t('loyalty.raffle.verifyTitle', 'How to verify this draw')}
          description={
            <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="raffle-verify">
              <li>{t('loyalty.raffle.verify1', 'SHA-256 of the seed’s 32 bytes (hex above) must equal the commitment, published when the raffle was created, before any entry.')}</li>
              <li>{t('loyalty.raffle.verify2', 'Export the entries and sort them by Entry ID: that is the frozen list the draw used.')}</li>
              <li>
                {t('loyalty.raffle.verify3', 'For step i = 0, 1, 2, …: compute HMAC-SHA256 with the seed bytes as key over the text "raffle:{{id}}:i", read it as a big-endian number and take it modulo the number of entries left: that position wins the next prize (prizes in the listed order, each by its quantity).', { id: row.id })}
              </li>
              <li>
                {row.allow_repeat_wins
                  ? t('loyalty.raffle.verify4repeat', 'Remove the winning entry and go on until every prize is given or no entry is left.')
                  : t('loyalty.raffle.verify4', 'Remove every entry of the winning consumer (a consumer wins once) and go on until every prize is given or no entry is left.')}
              </li>
            </ol>
          }
        />
      )}

      {access.can('export') && row.entries_count > 0 && <ExportButton endpoint={rafflesApi.export} query={{ raffle_id: row.id }} />}
    </Flex>
  );
}
