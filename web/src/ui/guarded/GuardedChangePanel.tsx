import { GUARDED_CHANGES_SHOWN, GUARDED_REASON_MIN, type GuardedPreview, type GuardedToolApi, type OperatorActionDetail } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/call.ts';
import { registerDictionaries } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notifier.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { serverFieldErrors } from '../field-errors.ts';
import { ChangesTable } from './ChangesTable.tsx';
import { guardedI18n } from './guarded.i18n.ts';

registerDictionaries(guardedI18n);

export interface GuardedChangePanelProps<I> {
  api: GuardedToolApi;
  /** The tool's input as the operator filled it in; null while it is incomplete (nothing to preview). */
  input: I | null;
  applyLabel?: string;
  /** The success toast (the spec's text where it names one). */
  successMessage?: string;
  onApplied?: (action: OperatorActionDetail) => void;
}

interface Given {
  reason: string;
  confirmation?: string;
}

/**
 * The one way an operator tool changes anything: preview exactly what the input would change (each record's field
 * before and after, and what else happens), then apply that preview with a reason and, for a bulk or irreversible
 * change, the words typed. The server asks for the second factor again when the last one is older than 15 minutes (the
 * shell's step-up dialog), and refuses a preview the records have moved away from.
 */
export function GuardedChangePanel<I>({ api, input, applyLabel, successMessage, onApplied }: GuardedChangePanelProps<I>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<Given>();
  const [previewed, setPreviewed] = useState<{ key: string; preview: GuardedPreview } | null>(null);
  const key = JSON.stringify(input);
  const stale = previewed !== null && previewed.key !== key;

  const preview = useMutation({
    mutationFn: async () => (await callEndpoint<GuardedPreview>(api.preview, { body: input })).data,
    onSuccess: (p) => {
      setPreviewed({ key, preview: p });
      form.resetFields();
    },
  });
  const apply = useMutation({
    mutationFn: async (given: Given) => {
      const p = previewed!.preview;
      return (await callEndpoint<OperatorActionDetail>(api.apply, { body: { ...(input as object), ...given, fingerprint: p.fingerprint } })).data;
    },
    onSuccess: (action) => {
      notifySuccess(successMessage ?? t('guarded.applied', 'Change applied'));
      setPreviewed(null);
      form.resetFields();
      void client.invalidateQueries({ queryKey: queryKeys.operatorActions.all });
      onApplied?.(action);
    },
    onError: (err) => {
      const fields = serverFieldErrors(err, ['reason', 'confirmation']);
      if (fields) form.setFields(fields.fields.map((f) => ({ name: f.name as keyof Given, errors: f.errors })));
    },
  });

  const p = previewed && !stale ? previewed.preview : null;
  return (
    <Card size="small" title={t('guarded.previewTitle', 'What will change')} data-testid="guarded-change">
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {input === null ? t('guarded.fillFirst', 'Fill in the change above, then preview it.') : t('guarded.previewNote')}
        </Typography.Paragraph>
        {stale && <Alert type="warning" showIcon message={t('guarded.stale', 'The change above differs from the preview: preview it again.')} />}
        <div>
          <Button data-testid="guarded-preview" disabled={input === null} loading={preview.isPending} onClick={() => preview.mutate()}>
            {previewed ? t('guarded.previewAgain', 'Preview again') : t('guarded.preview', 'Preview the change')}
          </Button>
        </div>
        {p && (
          <>
            <ChangesTable changes={p.changes} testId="guarded-changes" />
            {p.total > GUARDED_CHANGES_SHOWN && <Typography.Text type="secondary">{t('guarded.total', { n: p.total, shown: GUARDED_CHANGES_SHOWN })}</Typography.Text>}
            {p.notes.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="guarded-notes">
                {p.notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            )}
            <Alert
              type={p.undoable ? 'info' : 'warning'}
              showIcon
              message={p.undoable ? t('guarded.undoable') : t('guarded.irreversible', 'This change cannot be undone.')}
            />
            <Form<Given> form={form} layout="vertical" onFinish={(v) => apply.mutate(v)} requiredMark>
              <Form.Item
                name="reason"
                label={t('guarded.reason', 'Reason')}
                extra={t('guarded.reasonHelp', { n: GUARDED_REASON_MIN })}
                rules={[{ required: true, whitespace: true, min: GUARDED_REASON_MIN, message: t('guarded.reasonRequired', { n: GUARDED_REASON_MIN }) }]}
              >
                <Input.TextArea data-testid="guarded-reason" rows={3} maxLength={500} showCount />
              </Form.Item>
              {p.confirmation && (
                <Form.Item
                  name="confirmation"
                  label={t('guarded.confirmation', { words: p.confirmation })}
                  rules={[
                    {
                      required: true,
                      validator: async (_, v: string | undefined) => {
                        if ((v ?? '').trim().replace(/\s+/g, ' ').toUpperCase() !== p.confirmation!.toUpperCase()) throw new Error(t('guarded.confirmationRequired', { words: p.confirmation }));
                      },
                    },
                  ]}
                >
                  <Input data-testid="guarded-confirmation" autoComplete="off" spellCheck={false} />
                </Form.Item>
              )}
              <Flex gap={8}>
                <Button type="primary" danger htmlType="submit" data-testid="guarded-apply" loading={apply.isPending}>
                  {applyLabel ?? t('guarded.apply', 'Apply the change')}
                </Button>
                <Button onClick={() => setPreviewed(null)}>{t('guarded.discard', 'Discard the preview')}</Button>
              </Flex>
            </Form>
          </>
        )}
      </Flex>
    </Card>
  );
}
