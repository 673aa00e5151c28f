import { profileApi, profileUpdateBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { zodRule } from '../form-rules.ts';
import { notifySuccess } from '../../lib/notifier.tsx';
import { useSession } from '../../lib/session.ts';
import { SecuritySection } from '../../domains/identity/SecuritySection.tsx';

interface ProfileValues {
  name: string;
  phone: string;
}

/** /admin/setting/profile: the user's own profile; name and phone are editable (PUT user/profile with version). */
export function ProfilePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<ProfileValues>();

  const save = useMutation({
    mutationFn: (body: { name: string; phone: string | null; version: number }) => call(profileApi.update, { body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(queryKeys.profile, data);
      notifySuccess(t('profile.saved'));
      setEditing(false);
    },
    onError: () => {
      // A stale version (409) or a refused value: show the current profile again, as the section 8 rule closes the form.
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      setEditing(false);
    },
  });

  if (!session) return null;
  const { profile } = session;

  return (
    <>
    <Card
      title={<h1 style={{ margin: 0, font: 'inherit' }}>{t('profile.title')}</h1>}
      style={{ maxWidth: 720 }}
      extra={
        editing ? null : (
          <Button
            type="primary"
            data-testid="profile-edit"
            onClick={() => {
              form.setFieldsValue({ name: profile.name, phone: profile.phone ?? '' });
              setEditing(true);
            }}
          >
            {t('profile.edit')}
          </Button>
        )
      }
    >
      {editing ? (
        <Form<ProfileValues>
          form={form}
          name="profile"
          layout="vertical"
          onFinish={(values) => {
            const phone = values.phone.trim();
            save.mutate({ name: values.name.trim(), phone: phone ? phone : null, version: profile.version });
          }}
        >
          <Form.Item label={t('profile.name')} name="name" rules={[zodRule(profileUpdateBody.shape.name)]}>
            <Input autoFocus data-testid="profile-name" />
          </Form.Item>
          <Form.Item
            label={t('profile.phone')}
            name="phone"
            rules={[zodRule(profileUpdateBody.shape.phone, { optional: true })]}
          >
            <Input inputMode="tel" data-testid="profile-phone" />
          </Form.Item>
          <Flex justify="flex-end">
            <Space>
              <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
                {t('common.save')}
              </Button>
            </Space>
          </Flex>
        </Form>
      ) : (
        <Descriptions
          column={1}
          bordered
          size="middle"
          items={[
            { key: 'username', label: t('profile.username'), children: profile.username },
            { key: 'email', label: t('profile.email'), children: profile.email },
            { key: 'name', label: t('profile.name'), children: profile.name },
            { key: 'phone', label: t('profile.phone'), children: profile.phone || '-' },
            { key: 'role', label: t('profile.role'), children: profile.role.name },
          ]}
          data-testid="profile-details"
        />
      )}
    </Card>
    <SecuritySection username={profile.username} />
    </>
  );
}
