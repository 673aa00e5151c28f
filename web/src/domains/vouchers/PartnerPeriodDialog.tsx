import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { partnerPeriodBody, partnersApi, type PartnerDetail, type PartnerPeriodCreate } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { DayInput } from '../../ui/DayInput.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { zodRule } from '../../ui/zod-rule.ts';

const partnerKeys = resourceKeys('partner');
const creditLimitKeys = resourceKeys('credit-limit');
const field = partnerPeriodBody.shape;

/** The body's rule across fields (the end not before the start), shown under the end date. */
const endsAfterStart: FormRule = ({ getFieldsValue }) => ({
  validator: async () => {
    const issue = partnerPeriodBody.safeParse(getFieldsValue(true)).error?.issues.find((i) => i.path[0] === 'ends_on' && i.code === 'custom');
    if (issue) throw new Error(translateMessage(issue.message));
  },
});

/**
 * A partner's detail actions: Add Period, for staff who may edit partners. The server answers the partner with its
 * periods, which replaces the open detail, and the spec's 'Add Period successful'; a refusal (a period overlapping
 * another, an agreement recorded twice) shows the server's message and keeps the dialog open.
 */
export function PartnerActions({ row }: { row: PartnerDetail; entry: string }) {
  const { t } = useTranslation();
  const access = useResourceAccess({ entries: ['cms.voucher-digital/partner-management'] });
  const [open, setOpen] = useState(false);
  if (!access.can('edit')) return null;
  return (
    <>
      <Button icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="partner-add-period">
        {t('voucher.partner.addPeriod', 'Add Period')}
      </Button>
      {open && <PartnerPeriodDialog partner={row} onClose={() => setOpen(false)} />}
    </>
  );
}

function PartnerPeriodDialog({ partner, onClose }: { partner: PartnerDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PartnerPeriodCreate>();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (body: PartnerPeriodCreate) => call(partnersApi.addPeriod, { id: partner.id, body }),
    onSuccess: async ({ message, data }) => {
      queryClient.setQueryData(partnerKeys.detail(data.id), data);
      notifySuccess(translateMessage(message));
      onClose();
      await Promise.all([queryClient.invalidateQueries({ queryKey: partnerKeys.lists() }), queryClient.invalidateQueries({ queryKey: creditLimitKeys.all })]);
    },
    onError: (err) => notifyError(err),
  });
  const label = (key: string, text: string) => t(`voucher.partner.fields.${key}`, text);
  return (
    <FormDialog
      title={t('voucher.partner.addPeriodTitle', 'Add a cooperation period to {{name}}', { name: partner.name })}
      okText={t('voucher.partner.addPeriod', 'Add Period')}
      form={form}
      pending={add.isPending}
      testId="partner-period"
      onClose={onClose}
      onSubmit={(v) => add.mutateAsync({ ...v, note: v.note?.trim() || null })}
    >
      <Form.Item name="agreement_no" label={label('agreement_no', 'Agreement No.')} rules={[zodRule(field.agreement_no)]}>
        <Input placeholder="PKS/NKM/2026/001" maxLength={60} data-testid="field-agreement_no" />
      </Form.Item>
      <Form.Item name="starts_on" label={label('starts_on', 'Start Date')} rules={[zodRule(field.starts_on)]}>
        <DayInput />
      </Form.Item>
      <Form.Item name="ends_on" label={label('ends_on', 'End Date')} dependencies={['starts_on']} rules={[zodRule(field.ends_on), endsAfterStart]}>
        <DayInput />
      </Form.Item>
      <Form.Item name="note" label={label('note', 'Note')} rules={[zodRule(field.note, { optional: true })]}>
        <Input.TextArea rows={2} maxLength={500} showCount data-testid="field-note" />
      </Form.Item>
    </FormDialog>
  );
}
