import { newPasswordField } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Button, Flex, Form, Input, Spin, Typography } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api.ts';
import { BrandMark } from '../auth/auth-layout.tsx';
import { PRODUCT_NAME } from '../brand.ts';
import { matchesRule, zodRule } from '../form-rules.ts';

/**
 * Consumer (app user) account calls behind the e-mailed links. They belong to the consumers domain, which
 * api-identity.md does not cover yet; until the server answers them, these pages show the failure page, never a
 * made-up success.
 */
export const CONSUMER_ACCOUNT_API = {
  resetPassword: 'public/consumer/reset-password',
  emailVerification: 'public/consumer/email-verification',
} as const;

const resetRoute = getRouteApi('/mobile/reset-password');
const verificationRoute = getRouteApi('/mobile/email-verification');
const successRoute = getRouteApi('/mobile/success-page');

/** A phone-width column: brand on top, content below, nothing else. */
function MobileShell({ children }: { children: ReactNode }) {
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', background: '#fff', padding: '32px 20px' }}>
      <Flex vertical style={{ width: '100%', maxWidth: 440 }} gap={24}>
        <Flex align="center" gap={10}>
          <BrandMark size={32} />
          <Typography.Text strong style={{ fontSize: 16 }}>
            {PRODUCT_NAME}
          </Typography.Text>
        </Flex>
        {children}
      </Flex>
    </Flex>
  );
}

interface ResetValues {
  password: string;
  password_confirmation: string;
}

export function MobileResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = resetRoute.useSearch();
  const [form] = Form.useForm<ResetValues>();
  const reset = useMutation({
    mutationFn: (values: ResetValues) => request('POST', CONSUMER_ACCOUNT_API.resetPassword, { ...values, token }),
    meta: { silentError: true },
    onSuccess: () => navigate({ to: '/mobile/success-page', search: { type: 'reset' }, replace: true }),
    onError: () => navigate({ to: '/mobile/failed-page', replace: true }),
  });

  useEffect(() => {
    if (!token) void navigate({ to: '/mobile/failed-page', replace: true });
  }, [token, navigate]);

  return (
    <MobileShell>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('mobile.reset.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('mobile.reset.text')}</Typography.Paragraph>
      </div>
      <Form form={form} name="mobile-reset" layout="vertical" requiredMark={false} onFinish={(values) => reset.mutate(values)}>
        <Form.Item label={t('reset.password')} name="password" rules={[zodRule(newPasswordField)]} extra={t('validation.passwordHint')}>
          <Input.Password size="large" autoComplete="new-password" data-testid="mobile-reset-password" />
        </Form.Item>
        <Form.Item
          label={t('reset.confirm')}
          name="password_confirmation"
          dependencies={['password']}
          rules={[matchesRule(form, 'password')]}
        >
          <Input.Password size="large" autoComplete="new-password" data-testid="mobile-reset-password-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending} disabled={!token} data-testid="mobile-reset-submit">
          {t('reset.submit')}
        </Button>
      </Form>
    </MobileShell>
  );
}

export function MobileEmailVerificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = verificationRoute.useSearch();
  const sent = useRef(false);
  const verify = useMutation({
    mutationFn: (value: string) => request('POST', CONSUMER_ACCOUNT_API.emailVerification, { token: value }),
    meta: { silentError: true },
    onSuccess: () => navigate({ to: '/mobile/success-page', search: { type: 'verification' }, replace: true }),
    onError: () => navigate({ to: '/mobile/failed-page', replace: true }),
  });
  const { mutate } = verify;

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (token) mutate(token);
    else void navigate({ to: '/mobile/failed-page', replace: true });
  }, [token, mutate, navigate]);

  return (
    <MobileShell>
      <Flex vertical align="center" gap={16} style={{ paddingTop: 48 }}>
        <Spin size="large" />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('mobile.verify.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('mobile.verify.text')}</Typography.Text>
      </Flex>
    </MobileShell>
  );
}

export function MobileFailedPage() {
  const { t } = useTranslation();
  return (
    <MobileShell>
      <Result status="error" title={t('mobile.failed.title')} subTitle={t('mobile.failed.text')} data-testid="mobile-failed" />
    </MobileShell>
  );
}

export function MobileSuccessPage() {
  const { t } = useTranslation();
  const { type } = successRoute.useSearch();
  const text = type === 'reset' ? t('mobile.success.reset') : type === 'verification' ? t('mobile.success.verification') : t('mobile.success.default');
  return (
    <MobileShell>
      <Result status="success" title={t('mobile.success.title')} subTitle={text} data-testid="mobile-success" />
    </MobileShell>
  );
}
