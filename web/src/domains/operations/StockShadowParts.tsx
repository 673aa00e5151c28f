import { formatCount, stockShadowApi, stockShadowInput, type StockShadowInput, type StockShadowRow } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys.ts';
import { GuardedChangePanel } from '../../ui/guarded/index.ts';

/** What is being done to the stock shadows: a new entry, or a change or delete of a row. */
export type ShadowEdit = { operation: 'create' } | { operation: 'update' | 'delete'; row: StockShadowRow };

/** Opens the dialog of a row's change (null: the user may not change stock shadows). */
export const ShadowEditing = createContext<((edit: ShadowEdit) => void) | null>(null);

/** A row's Change and Delete buttons. */
export function ShadowRowActions({ row }: { row: StockShadowRow }) {
  const { t } = useTranslation();
  const open = useContext(ShadowEditing);
  if (!open) return null;
  return (
    <Space size={4}>
      <Button size="small" onClick={() => open({ operation: 'update', row })} aria-label={t('operations.stockShadow.editOf', { plu: row.plu })} data-testid={`shadow-edit-${row.plu}`}>
        {t('operations.stockShadow.edit', 'Change')}
      </Button>
      <Button size="small" danger onClick={() => open({ operation: 'delete', row })} aria-label={t('operations.stockShadow.deleteOf', { plu: row.plu })} data-testid={`shadow-delete-${row.plu}`}>
        {t('operations.stockShadow.delete', 'Delete')}
      </Button>
    </Space>
  );
}

/**
 * One change of the stock shadows in a dialog: the PLU (a new entry) and the units held back at each store, then the
 * guarded write's preview, reason and apply; the list and its changes are read again once it is applied.
 */
export function ShadowDialog({ edit, onClose }: { edit: ShadowEdit; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const row = edit.operation === 'create' ? null : edit.row;
  const [plu, setPlu] = useState(row?.plu ?? '');
  const [quantity, setQuantity] = useState<number | null>(row?.quantity ?? null);
  const parsed = stockShadowInput.safeParse({
    operation: edit.operation,
    plu: plu.trim(),
    ...(edit.operation === 'delete' || quantity === null ? {} : { quantity }),
    ...(row ? { version: row.version } : {}),
  });
  const ready = parsed.success && (edit.operation === 'delete' || parsed.data.quantity !== undefined);
  const input: StockShadowInput | null = ready ? parsed.data : null;
  const title =
    edit.operation === 'create'
      ? t('operations.stockShadow.createTitle', 'Add a stock shadow')
      : t(`operations.stockShadow.${edit.operation}Title`, { plu: row?.plu ?? '' });
  const applyLabel = t(`operations.stockShadow.apply${edit.operation === 'create' ? 'Create' : edit.operation === 'update' ? 'Update' : 'Delete'}`);
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('operations.stockShadow.close', 'Close')}</Button>}
      width={760}
      destroyOnHidden
      data-testid="shadow-dialog"
    >
      <Flex vertical gap={12}>
        {row && (
          <Typography.Text>
            <Typography.Text strong>PLU {row.plu}</Typography.Text> {row.product_name}
          </Typography.Text>
        )}
        {edit.operation === 'delete' ? (
          <Typography.Text type="secondary">{t('operations.stockShadow.deleteHelp', { quantity: formatCount(row?.quantity ?? 0) })}</Typography.Text>
        ) : (
          <Form layout="vertical" component="div">
            <Flex gap={16} wrap>
              {edit.operation === 'create' && (
                <Form.Item label={t('operations.forceStock.plu', 'PLU')} htmlFor="shadow-plu" required style={{ minWidth: 200, marginBottom: 0 }}>
                  <Input id="shadow-plu" data-testid="shadow-plu" value={plu} maxLength={20} autoComplete="off" onChange={(e) => setPlu(e.target.value)} />
                </Form.Item>
              )}
              <Form.Item label={t('operations.stockShadow.quantity', 'Units held back at each store')} htmlFor="shadow-quantity" required style={{ minWidth: 240, marginBottom: 0 }}>
                <InputNumber<number>
                  id="shadow-quantity"
                  data-testid="shadow-quantity"
                  min={1}
                  max={1_000_000}
                  precision={0}
                  style={{ width: '100%' }}
                  value={quantity}
                  onChange={(v) => setQuantity(v)}
                />
              </Form.Item>
            </Flex>
          </Form>
        )}
        <GuardedChangePanel
          api={stockShadowApi}
          input={input}
          applyLabel={applyLabel}
          successMessage={t('operations.stockShadow.success', 'Stock Shadow Success')}
          onApplied={() => {
            void client.invalidateQueries({ queryKey: queryKeys.stockShadow.all });
            onClose();
          }}
        />
      </Flex>
    </Modal>
  );
}
