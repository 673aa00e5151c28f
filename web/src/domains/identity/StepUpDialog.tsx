import { authApi, profileApi } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setStepUpPrompt } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { errorMessage, notifySuccess } from '../../lib/notifier.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { AnyCodeField } from './AnyCodeField.tsx';

interface Pending {
  promise: Promise<boolean>;
  resolve: (passed: boolean) => void;
}

/**
 * The step-up: mounted once in the signed-in shell, it answers every 403 `step_up_required` of any call (lib/api.ts
 * `withStepUp`): it asks for the authenticator code, a recovery code or an e-mailed one, passes `auth/step-up`, and the
 * call runs again. Calls refused together share one dialog.
 */
export function StepUpDialog() {
  const { t } = useTranslation();
  const pending = useRef<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    setStepUpPrompt(() => {
      if (!pending.current) {
        let resolve: (passed: boolean) => void = () => undefined;
        const promise = new Promise<boolean>((r) => {
          resolve = r;
        });
        pending.current = { promise, resolve };
        setCode('');
        setError(undefined);
        setOpen(true);
      }
      return pending.current.promise;
    });
    return () => setStepUpPrompt(null);
  }, []);

  const status = useQuery({
    queryKey: queryKeys.secondFactor,
    queryFn: async () => (await call(profileApi.secondFactor)).data,
    enabled: open,
    meta: { silentError: true },
  });

  const finish = (passed: boolean) => {
    pending.current?.resolve(passed);
    pending.current = null;
    setOpen(false);
  };

  const confirm = useMutation({
    mutationFn: (value: string) => call(authApi.stepUp, { body: { code: value } }),
    meta: { silentError: true },
    onSuccess: () => {
      notifySuccess(t('stepUp.done'));
      finish(true);
    },
    onError: (err) => setError(errorMessage(err)),
  });

  const sendCode = useMutation({
    mutationFn: () => call(authApi.stepUpSendCode),
    onSuccess: () => notifySuccess(t('stepUp.sent')),
  });

  const submit = () => {
    const value = code.trim();
    if (value && !confirm.isPending) confirm.mutate(value);
  };

  return (
    <Modal
      open={open}
      title={t('stepUp.title')}
      onCancel={() => finish(false)}
      destroyOnHidden
      centered
      footer={
        <Flex justify="space-between" align="center">
          <Button type="link" onClick={() => sendCode.mutate()} loading={sendCode.isPending} style={{ paddingInline: 0 }} data-testid="step-up-email">
            {t('stepUp.sendEmail')}
          </Button>
          <Flex gap={8}>
            <Button onClick={() => finish(false)}>{t('common.cancel')}</Button>
            <Button type="primary" onClick={submit} disabled={!code.trim()} loading={confirm.isPending} data-testid="step-up-confirm">
              {t('stepUp.confirm')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Typography.Paragraph>{t('stepUp.text')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{status.data?.enrolled ? t('stepUp.appHint') : t('stepUp.emailHint')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={submit}>
        <AnyCodeField
          id="step-up-code"
          label={t('stepUp.code')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
          error={error}
          onPressEnter={submit}
        />
      </Form>
    </Modal>
  );
}
