import { OTP_LENGTH, profileApi, type SecondFactorSetup } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call.ts';
import { useFormat } from '../../lib/format.ts';
import { errorMessage, notifySuccess } from '../../lib/notifier.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { AnyCodeField } from './AnyCodeField.tsx';
import { RecoveryCodesModal } from './RecoveryCodesModal.tsx';

const SIX_DIGITS = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** Which confirmation dialog is open: replacing the recovery codes or turning the app off. */
type Confirming = 'regenerate' | 'disable' | null;

/**
 * The profile's Security section: the user's own authenticator app (TOTP). Set-up shows the QR code and the key for
 * typing by hand; a code from the app turns it on and the recovery codes are shown once. Replacing the codes and
 * turning the app off each take a current code.
 */
export function SecuritySection({ username }: { username: string }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: queryKeys.secondFactor, queryFn: async () => (await call(profileApi.secondFactor)).data });
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [setupCode, setSetupCode] = useState('');
  const [setupError, setSetupError] = useState<string | undefined>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [confirmCode, setConfirmCode] = useState('');
  const [confirmError, setConfirmError] = useState<string | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.secondFactor });

  const start = useMutation({
    mutationFn: () => call(profileApi.secondFactorSetup),
    onSuccess: ({ data }) => {
      setSetup(data);
      setSetupCode('');
      setSetupError(undefined);
    },
  });

  const enable = useMutation({
    mutationFn: (code: string) => call(profileApi.secondFactorEnable, { body: { code } }),
    meta: { silentError: true },
    onSuccess: ({ data }) => {
      setSetup(null);
      setCodes(data.recovery_codes);
      notifySuccess(t('security.enabled'));
      void refresh();
    },
    onError: (err) => setSetupError(errorMessage(err)),
  });

  const closeConfirm = () => {
    setConfirming(null);
    setConfirmCode('');
    setConfirmError(undefined);
  };

  const change = useMutation({
    mutationFn: async ({ kind, code }: { kind: Exclude<Confirming, null>; code: string }) =>
      kind === 'regenerate' ? (await call(profileApi.secondFactorRecoveryCodes, { body: { code } })).data.recovery_codes : (await call(profileApi.secondFactorDisable, { body: { code } }), null),
    meta: { silentError: true },
    onSuccess: (fresh) => {
      closeConfirm();
      if (fresh) setCodes(fresh);
      else notifySuccess(t('security.disabled'));
      void refresh();
    },
    onError: (err) => setConfirmError(errorMessage(err)),
  });

  const submitSetup = () => {
    if (SIX_DIGITS.test(setupCode) && !enable.isPending) enable.mutate(setupCode);
  };
  const submitConfirm = () => {
    const code = confirmCode.trim();
    if (confirming && code && !change.isPending) change.mutate({ kind: confirming, code });
  };

  const s = status.data;
  return (
    <Card title={t('security.title')} style={{ maxWidth: 720, marginTop: 16 }} loading={status.isLoading} data-testid="security-section">
      <Typography.Paragraph type="secondary">{t('security.intro')}</Typography.Paragraph>
      {s?.required_by_role && !s.enrolled ? <Alert type="info" showIcon title={t('security.required')} style={{ marginBottom: 16 }} /> : null}
      <Descriptions
        column={1}
        bordered
        size="middle"
        items={[
          {
            key: 'app',
            label: t('security.app'),
            children: s?.enrolled ? (
              <Tag color="green" data-testid="security-status">
                {t('security.on', { date: dateTime(s.enabled_at) })}
              </Tag>
            ) : (
              <Tag data-testid="security-status">{t('security.off')}</Tag>
            ),
          },
          ...(s?.enrolled ? [{ key: 'left', label: t('security.recoveryLeft'), children: <span data-testid="security-codes-left">{s.recovery_codes_left}</span> }] : []),
        ]}
      />
      {!s?.enrolled && !s?.required_by_role ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('security.emailFallback')}
        </Typography.Paragraph>
      ) : null}

      {s?.enrolled ? (
        <Flex gap={8} style={{ marginTop: 16 }}>
          <Button onClick={() => setConfirming('regenerate')} data-testid="security-regenerate">
            {t('security.regenerate')}
          </Button>
          <Button danger onClick={() => setConfirming('disable')} data-testid="security-disable">
            {t('security.disable')}
          </Button>
        </Flex>
      ) : setup ? (
        <Flex vertical gap={12} style={{ marginTop: 16 }} data-testid="security-setup">
          <Typography.Text>{t('security.step1')}</Typography.Text>
          <img src={setup.qr_data_url} alt="QR" width={200} height={200} style={{ border: '1px solid #e8ece9', borderRadius: 8 }} data-testid="security-qr" />
          <Typography.Text type="secondary">
            {t('security.manual')}{' '}
            <Typography.Text code copyable data-testid="security-secret">
              {setup.secret}
            </Typography.Text>
          </Typography.Text>
          <Typography.Text>{t('security.step2')}</Typography.Text>
          <Form layout="vertical" onFinish={submitSetup}>
            <Form.Item label={t('security.codeLabel')} htmlFor="security-code" validateStatus={setupError ? 'error' : undefined} help={setupError}>
              <Space.Compact style={{ maxWidth: 320 }}>
                <Input
                  id="security-code"
                  value={setupCode}
                  onChange={(e) => {
                    setSetupCode(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH));
                    setSetupError(undefined);
                  }}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder="123456"
                  data-testid="security-code"
                  style={{ letterSpacing: 4 }}
                />
                <Button type="primary" htmlType="submit" disabled={!SIX_DIGITS.test(setupCode)} loading={enable.isPending} data-testid="security-enable">
                  {t('security.enable')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </Form>
        </Flex>
      ) : (
        <Button type="primary" style={{ marginTop: 16 }} onClick={() => start.mutate()} loading={start.isPending} data-testid="security-setup-start">
          {t('security.setUp')}
        </Button>
      )}

      <Modal
        open={confirming !== null}
        title={confirming === 'disable' ? t('security.disable') : t('security.regenerate')}
        onCancel={closeConfirm}
        onOk={submitConfirm}
        okText={t('security.confirm')}
        okButtonProps={{ disabled: !confirmCode.trim(), loading: change.isPending, danger: confirming === 'disable', 'data-testid': 'security-confirm' }}
        destroyOnHidden
        centered
      >
        <Typography.Paragraph>{confirming === 'disable' ? t('security.disableText') : t('security.regenerateText')}</Typography.Paragraph>
        <Form layout="vertical" onFinish={submitConfirm}>
          <AnyCodeField
            id="security-confirm-code"
            label={t('security.anyCode')}
            value={confirmCode}
            onChange={(value) => {
              setConfirmCode(value);
              setConfirmError(undefined);
            }}
            error={confirmError}
          />
        </Form>
      </Modal>
      <RecoveryCodesModal codes={codes} username={username} onClose={() => setCodes(null)} />
    </Card>
  );
}
