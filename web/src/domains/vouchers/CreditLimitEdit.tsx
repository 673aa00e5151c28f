import { useState } from 'react';
import { Button, Descriptions, Form, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { creditLimitBody, creditLimitsApi, formatRupiah, type CreditLimitRow } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { notifyError, notifySuccess } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { RupiahInput } from '../../ui/RupiahInput.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { zodRule } from '../../ui/zod-rule.ts';

const creditLimitKeys = resourceKeys('credit-limit');
const partnerKeys = resourceKeys('partner');

/** What is left of a client's limit; below zero (the limit lowered under the credit in use) in red. */
export function CreditAvailable({ row }: { row: CreditLimitRow }) {
  return (
    <Typography.Text type={row.credit_available < 0 ? 'danger' : undefined} data-testid={`credit-available-${row.id}`}>
      {formatRupiah(row.credit_available)}
    </Typography.Text>
  );
}

/**
 * The row's Edit Limit, for staff holding edit on Credit Limit: a dialog with the new limit, sent with the version the
 * list showed (409 when someone changed the partner meanwhile: the list is read again).
 */
export function CreditLimitEdit({ row }: { row: CreditLimitRow }) {
  const { t } = useTranslation();
  const access = useResourceAccess({ entries: ['cms.method-of-payment/credit-limit'] });
  const [open, setOpen] = useState(false);
  if (!access.can('edit')) return null;
  return (
    <>
      <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid={`credit-limit-edit-${row.id}`}>
        {t('voucher.creditLimit.edit', 'Edit Limit')}
      </Button>
      {open && <CreditLimitDialog row={row} onClose={() => setOpen(false)} />}
    </>
  );
}

function CreditLimitDialog({ row, onClose }: { row: CreditLimitRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ credit_limit: number }>();
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: creditLimitKeys.all }), queryClient.invalidateQueries({ queryKey: partnerKeys.all })]);
  const save = useMutation({
    mutationFn: (credit_limit: number) => call(creditLimitsApi.update, { id: row.id, body: { credit_limit, version: row.version } }),
    onSuccess: async () => {
      notifySuccess(t('ui.editSuccess', 'Edit Data Successful'));
      onClose();
      await refresh();
    },
    onError: async (err) => {
      notifyError(err);
      await refresh();
    },
  });
  const label = (key: string, text: string) => t(`voucher.creditLimit.fields.${key}`, text);
  return (
    <FormDialog
      title={t('voucher.creditLimit.editTitle', 'Credit limit of {{name}}', { name: row.name })}
      okText={t('ui.save', 'Save')}
      form={form}
      pending={save.isPending}
      testId="credit-limit"
      initialValues={{ credit_limit: row.credit_limit }}
      onClose={onClose}
      onSubmit={(v) => save.mutateAsync(v.credit_limit)}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'credit_limit', label: label('credit_limit', 'Credit Limit'), children: formatRupiah(row.credit_limit) },
          { key: 'credit_used', label: label('credit_used', 'Credit Used'), children: formatRupiah(row.credit_used) },
        ]}
      />
      <Form.Item
        name="credit_limit"
        label={label('new_limit', 'New Credit Limit')}
        rules={[zodRule(creditLimitBody.shape.credit_limit)]}
        extra={t('voucher.creditLimit.help', 'Rp 0 to Rp 100.000.000.000; Rp 0 allows no credit orders. A limit below the credit in use leaves nothing available.')}
      >
        <RupiahInput testId="field-credit_limit" />
      </Form.Item>
    </FormDialog>
  );
}
