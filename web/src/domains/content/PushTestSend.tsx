import { useState } from 'react';
import { Alert, Button, Modal, Select, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pushMessagesApi, pushTestSendBody, type ContentRow } from '@portal/contract';
import { errorMessage, notifySuccess } from '../../lib/notifier.tsx';
import { translateMessage } from '../../lib/i18n.ts';
import { call } from '../../lib/call.ts';

/** E-mails the push message to a few staff members (portal users) before it goes out. */
export function PushTestSendButton({ row }: { row: ContentRow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [emails, setEmails] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async (body: { emails: string[] }) => (await call(pushMessagesApi.testSend, { id: row.id, body })).data,
    onSuccess: (r) => {
      notifySuccess(t('content.testSend.sent', 'Test sent to {{count}} e-mails', { count: r.sent }));
      setOpen(false);
      setEmails([]);
    },
  });
  const submit = () => {
    const parsed = pushTestSendBody.safeParse({ emails });
    if (!parsed.success) return setProblem(translateMessage(parsed.error.issues[0]?.message ?? ''));
    setProblem(null);
    send.mutate(parsed.data);
  };
  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="push-test-send">
        {t('content.testSend.open', 'Test Send')}
      </Button>
      <Modal open={open} title={t('content.testSend.title', 'Send a test to staff')} onCancel={() => setOpen(false)} onOk={submit} confirmLoading={send.isPending} okText={t('content.testSend.send', 'Send')} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t('content.testSend.help', 'E-mail addresses of portal users, up to 10. Consumers receive nothing.')}</Typography.Paragraph>
        <Select mode="tags" value={emails} onChange={setEmails} open={false} tokenSeparators={[',', ' ', ';']} style={{ width: '100%' }} placeholder="name@company.co.id" data-testid="push-test-emails" />
        {(problem || send.isError) && <Alert type="error" showIcon style={{ marginTop: 12 }} title={problem ?? errorMessage(send.error)} />}
      </Modal>
    </>
  );
}
