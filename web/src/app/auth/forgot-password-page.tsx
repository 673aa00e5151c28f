import { authApi, forgotPasswordBody } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, Flex, Form, Input } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call.ts';
import { zodRule } from '../form-rules.ts';
import { AuthLayout } from './auth-layout.tsx';

/** POST auth/forgot-password. The answer never tells whether the account exists, and neither does this page. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ identifier: string }>();
  const request = useMutation({
    mutationFn: (identifier: string) => call(authApi.forgotPassword, { body: { identifier } }),
  });

  if (request.isSuccess) {
    return (
      <AuthLayout title={t('forgot.title')}>
        <Result
          status="success"
          title={t('forgot.doneTitle')}
          subTitle={t('forgot.doneText')}
          style={{ padding: '8px 0' }}
          extra={
            <Link to="/login" data-testid="forgot-back">
              {t('common.backToLogin')}
            </Link>
          }
          data-testid="forgot-done"
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('forgot.title')} subtitle={t('forgot.text')}>
      <Form form={form} name="forgot" layout="vertical" requiredMark={false} onFinish={(v) => request.mutate(v.identifier.trim())}>
        <Form.Item label={t('forgot.identifier')} name="identifier" rules={[zodRule(forgotPasswordBody.shape.identifier)]}>
          <Input autoFocus autoComplete="username" size="large" data-testid="forgot-identifier" />
        </Form.Item>
        <Flex vertical gap={12}>
          <Button type="primary" htmlType="submit" size="large" block loading={request.isPending} data-testid="forgot-submit">
            {t('forgot.submit')}
          </Button>
          <Flex justify="center">
            <Link to="/login">{t('common.backToLogin')}</Link>
          </Flex>
        </Flex>
      </Form>
    </AuthLayout>
  );
}
