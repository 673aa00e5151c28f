import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input, List, Modal, Typography } from 'antd';
import { CheckCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { analyticsShareApi, analyticsShareBody, can, SHARE_MAX_RECIPIENTS, shareRecipient, type AnalyticsShareResult, type MenuEntry } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { useLang } from '../../lib/i18n.ts';
import { errorMessage, notifyInfo, notifySuccess } from '../../lib/notifier.tsx';
import { useSession } from '../../lib/session.ts';
import { pickedIds, remoteSelect } from '../../ui/RemoteSelect.tsx';
import { usePageHasExport } from './page-export.ts';

const NOTE_MAX = 500;

/** A list of colleagues under its heading (none shown when empty). */
function People({ title, testId, people }: { title: string; testId: string; people: { user_id: number; text: string; icon: ReactNode }[] }) {
  if (!people.length) return null;
  return (
    <List
      size="small"
      header={<Typography.Text strong>{title}</Typography.Text>}
      dataSource={people}
      rowKey="user_id"
      renderItem={(p) => (
        <List.Item data-testid={testId}>
          <span>
            <span style={{ marginRight: 8 }}>{p.icon}</span>
            {p.text}
          </span>
        </List.Item>
      )}
    />
  );
}

/** Who the mail went to and who it did not, and why. */
function ShareOutcome({ result }: { result: AnalyticsShareResult }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12} data-testid="share-result">
      <Alert
        type={result.sent.length ? 'success' : 'warning'}
        showIcon
        title={result.sent.length ? t('analyticsShare.sentTo', 'Sent to {{count}} colleagues', { count: result.sent.length }) : t('analyticsShare.sentNone', 'Sent to no one')}
      />
      <People title={t('analyticsShare.sent', 'Sent')} testId="share-sent" people={result.sent.map((p) => ({ ...p, text: p.name, icon: <CheckCircleOutlined aria-hidden /> }))} />
      <People
        title={t('analyticsShare.skipped', 'Not sent')}
        testId="share-skipped"
        people={result.skipped.map((p) => ({
          ...p,
          text: `${p.name}: ${p.reason === 'inactive' ? t('analyticsShare.reason.inactive', 'the account is not active') : t('analyticsShare.reason.no-access', 'their role does not open this screen')}`,
          icon: <MinusCircleOutlined aria-hidden />,
        }))}
      />
    </Flex>
  );
}

/**
 * Share a dashboard or report by e-mail: colleagues whose role opens the screen (searched on the server), a note, and
 * "include the export" when the screen offers one that the user may make. The answer lists who was sent the mail and
 * who was not, and why.
 */
export function ShareDialog({ entry, path, open, onClose }: { entry: MenuEntry; path: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const selfId = session?.profile.id;
  const mayExport = usePageHasExport() && !!session && can(session.access.perms, entry.key, 'export');
  const [people, setPeople] = useState<unknown>([]);
  const [note, setNote] = useState('');
  const [withExport, setWithExport] = useState(false);
  const [result, setResult] = useState<AnalyticsShareResult | null>(null);
  // The colleagues who open this entry, the user left out (a row failing the schema is not offered).
  const Recipients = useMemo(
    () =>
      remoteSelect({
        resource: 'analytics-share-recipients',
        endpoint: analyticsShareApi.recipients,
        row: shareRecipient.refine((r) => r.user_id !== selfId),
        toOption: (r) => ({ value: r.user_id, label: `${r.name} (${r.username})` }),
        query: { entry: entry.key },
        multiple: true,
        placeholder: t('analyticsShare.search', 'Search colleagues by name or username'),
      }),
    [entry.key, selfId, lang],
  );
  const body = { entry: entry.key, path, recipient_ids: pickedIds(people), ...(note.trim() ? { note: note.trim() } : {}), with_export: mayExport && withExport };
  const valid = analyticsShareBody.safeParse(body).success;
  const send = useMutation({
    mutationFn: async () => (await call(analyticsShareApi.share, { body })).data,
    onSuccess: (answer) => {
      setResult(answer);
      const sent = answer.sent.length ? t('analyticsShare.sentTo', 'Sent to {{count}} colleagues', { count: answer.sent.length }) : t('analyticsShare.sentNone', 'Sent to no one');
      if (answer.skipped.length) notifyInfo(`${sent}; ${t('analyticsShare.skippedCount', '{{count}} not sent', { count: answer.skipped.length })}`);
      else notifySuccess(sent);
    },
  });
  const name = lang === 'id' ? entry.labelId : entry.label;
  const footer = result
    ? [
        <Button key="close" type="primary" onClick={onClose} data-testid="share-done">
          {t('analyticsShare.close', 'Close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel', 'Cancel')}
        </Button>,
        <Button key="send" type="primary" disabled={!valid} loading={send.isPending} onClick={() => send.mutate()} data-testid="share-send">
          {t('analyticsShare.send', 'Send')}
        </Button>,
      ];
  return (
    <Modal open={open} title={t('analyticsShare.title', 'Share {{name}}', { name })} onCancel={onClose} footer={footer} destroyOnHidden data-testid="share-dialog">
      {result ? (
        <ShareOutcome result={result} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('analyticsShare.intro', 'The colleagues you choose get an e-mail with a link to this screen, with the same period and filters.')}</Typography.Paragraph>
          {send.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorMessage(send.error)} data-testid="share-error" />}
          <Form layout="vertical" onFinish={() => valid && send.mutate()}>
            <Form.Item label={t('analyticsShare.recipients', 'Colleagues')} htmlFor="share-recipients" required extra={t('analyticsShare.recipientsHelp', 'Only colleagues whose role opens this screen (at most {{max}}).', { max: SHARE_MAX_RECIPIENTS })}>
              <Recipients id="share-recipients" value={people} onChange={setPeople} />
            </Form.Item>
            <Form.Item label={t('analyticsShare.note', 'Note')} htmlFor="share-note">
              <Input.TextArea id="share-note" rows={3} maxLength={NOTE_MAX} showCount value={note} onChange={(e) => setNote(e.target.value)} data-testid="share-note" />
            </Form.Item>
            {mayExport && (
              <Form.Item extra={t('analyticsShare.withExportHelp', 'Colleagues who may export this screen also get a link that makes its export under their own rights.')}>
                <Checkbox checked={withExport} onChange={(e) => setWithExport(e.target.checked)} data-testid="share-with-export">
                  {t('analyticsShare.withExport', 'Include the export')}
                </Checkbox>
              </Form.Item>
            )}
            <Form.Item label={t('analyticsShare.link', 'The link shared')} htmlFor="share-link" style={{ marginBottom: 0 }}>
              <Input id="share-link" readOnly value={path} data-testid="share-link" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
