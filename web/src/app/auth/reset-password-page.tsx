import { authApi, newPasswordField } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Button, Flex, Form, Input } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call.ts';
import { matchesRule, zodRule } from '../form-rules.ts';
import { AuthLayout } from './auth-layout.tsx';

const route = getRouteApi('/reset-password');

interface ResetValues {
  password: string;
  password_confirmation: string;
}

/** /reset-password?token=: the e-mailed link of a back-office user → POST user/reset-password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token } = route.useSearch();
  const [form] = Form.useForm<ResetValues>();
  const reset = useMutation({
    mutationFn: (values: ResetValues & { token: string }) => call(authApi.resetPassword, { body: values }),
  });

  if (!token) {
    return (
      <AuthLayout title={t('reset.title')}>
        <Result
          status="warning"
          title={t('reset.invalidTitle')}
          subTitle={t('reset.invalidText')}
          style={{ padding: '8px 0' }}
          extra={<Link to="/forgot-password">{t('reset.requestNew')}</Link>}
        />
      </AuthLayout>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title={t('reset.title')}>
        <Result
          status="success"
          title={t('reset.doneTitle')}
          subTitle={t('reset.doneText')}
          style={{ padding: '8px 0' }}
          extra={
            <Link to="/login" data-testid="reset-login">
              {t('common.backToLogin')}
            </Link>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.text')}>
      <Form form={form} name="reset" layout="vertical" requiredMark={false} onFinish={(values) => reset.mutate({ ...values, token })}>
        <Form.Item
          label={t('reset.password')}
          name="password"
          rules={[zodRule(newPasswordField)]}
          extra={t('validation.passwordHint')}
        >
          <Input.Password autoFocus autoComplete="new-password" size="large" data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          label={t('reset.confirm')}
          name="password_confirmation"
          dependencies={['password']}
          rules={[matchesRule(form, 'password')]}
        >
          <Input.Password autoComplete="new-password" size="large" data-testid="reset-password-confirm" />
        </Form.Item>
        <Flex vertical gap={12}>
          <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
          <Flex justify="center">
            <Link to="/login">{t('common.backToLogin')}</Link>
          </Flex>
        </Flex>
      </Form>
    </AuthLayout>
  );
}
