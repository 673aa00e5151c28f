import { authApi } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Button, Flex } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call.ts';
import { AuthLayout } from './auth-layout.tsx';

const route = getRouteApi('/confirm-email');

/**
 * /confirm-email?token=: the link e-mailed to a new address of an account with a second factor. The change is made by
 * a click, not by opening the page, so a mail scanner that follows links confirms nothing.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token } = route.useSearch();
  const confirm = useMutation({ mutationFn: (value: string) => call(authApi.confirmEmail, { body: { token: value } }) });

  if (!token || confirm.isSuccess) {
    return (
      <AuthLayout title={t('confirmEmail.title')}>
        <Result
          status={token ? 'success' : 'warning'}
          title={token ? t('confirmEmail.doneTitle') : t('reset.invalidTitle')}
          subTitle={token ? t('confirmEmail.doneText') : t('confirmEmail.invalidText')}
          style={{ padding: '8px 0' }}
          extra={
            <Link to="/login" data-testid="confirm-email-login">
              {t('common.backToLogin')}
            </Link>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('confirmEmail.title')} subtitle={t('confirmEmail.text')}>
      <Flex vertical gap={12}>
        <Button type="primary" size="large" block loading={confirm.isPending} onClick={() => confirm.mutate(token)} data-testid="confirm-email-submit">
          {t('confirmEmail.submit')}
        </Button>
        <Flex justify="center">
          <Link to="/login">{t('common.backToLogin')}</Link>
        </Flex>
      </Flex>
    </AuthLayout>
  );
}
