import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ticketShareBody, ticketsApi, type TicketDetail } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { errorMessage, notifySuccess } from '../../lib/notifier.tsx';

/** Share by e-mail: the ticket's details and conversation go to an address, with an optional note first. */
export function TicketShareButton({ row }: { row: TicketDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const parsed = ticketShareBody.safeParse({ email, ...(note.trim() ? { note } : {}) });
  const share = useMutation({
    // Send is offered only once the body parses; the server checks it again.
    mutationFn: () => call(ticketsApi.share, { id: row.id, body: parsed.success ? parsed.data : { email } }),
    onSuccess: () => {
      notifySuccess(t('helpdesk.ticket.shared', 'Ticket sent by e-mail'));
      setOpen(false);
      setEmail('');
      setNote('');
    },
  });
  const emailError = email && !parsed.success ? parsed.error.issues.find((i) => i.path[0] === 'email')?.message : undefined;
  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="ticket-share">
        {t('helpdesk.ticket.share', 'Share by E-mail')}
      </Button>
      <Modal
        open={open}
        title={t('helpdesk.ticket.shareTitle', 'Share this ticket by e-mail')}
        okText={t('helpdesk.ticket.send', 'Send')}
        okButtonProps={{ disabled: !parsed.success, loading: share.isPending, 'data-testid': 'ticket-share-send' }}
        onOk={() => share.mutate()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {share.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorMessage(share.error)} />}
        <Form layout="vertical">
          <Form.Item label={t('helpdesk.ticket.fields.email', 'E-mail')} required validateStatus={emailError ? 'error' : undefined} help={emailError ? t(emailError, emailError) : undefined}>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value.trim())} data-testid="ticket-share-email" />
          </Form.Item>
          <Form.Item label={t('helpdesk.ticket.fields.note', 'Note')}>
            <Input.TextArea rows={3} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} data-testid="ticket-share-note" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
