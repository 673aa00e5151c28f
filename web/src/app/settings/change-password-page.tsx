import { changePasswordBody, newPasswordField, profileApi } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call.ts';
import { matchesRule, zodRule } from '../form-rules.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { finishSession } from '../session.ts';

interface PasswordValues {
  old_password: string;
  password: string;
  password_confirmation: string;
}

/**
 * /admin/setting/change-password: PUT user/change-password. The server then ends every session of the user, so
 * success means a toast and /login.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const change = useMutation({
    mutationFn: (body: PasswordValues) => call(profileApi.changePassword, { body }),
    onSuccess: () => finishSession(t('changePassword.done')),
  });

  const submit = (values: PasswordValues) => {
    // The whole-body rules (confirmation, new differs from current) come from the contract as well.
    const parsed = changePasswordBody.safeParse(values);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: String(issue.path[0] ?? 'password') as keyof PasswordValues,
          errors: [translateMessage(issue.message)],
        })),
      );
      return;
    }
    change.mutate(parsed.data);
  };

  return (
    <Card title={<h1 style={{ margin: 0, font: 'inherit' }}>{t('changePassword.title')}</h1>} style={{ maxWidth: 560 }}>
      <Alert type="info" showIcon title={t('changePassword.note')} style={{ marginBottom: 20 }} />
      <Form<PasswordValues> form={form} name="change-password" layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item label={t('changePassword.old')} name="old_password" rules={[zodRule(changePasswordBody.shape.old_password)]}>
          <Input.Password autoComplete="current-password" data-testid="change-password-old" />
        </Form.Item>
        <Form.Item label={t('changePassword.new')} name="password" rules={[zodRule(newPasswordField)]} extra={t('validation.passwordHint')}>
          <Input.Password autoComplete="new-password" data-testid="change-password-new" />
        </Form.Item>
        <Form.Item
          label={t('changePassword.confirm')}
          name="password_confirmation"
          dependencies={['password']}
          rules={[matchesRule(form, 'password')]}
        >
          <Input.Password autoComplete="new-password" data-testid="change-password-confirm" />
        </Form.Item>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={change.isPending || change.isSuccess} data-testid="change-password-submit">
            {t('changePassword.submit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
