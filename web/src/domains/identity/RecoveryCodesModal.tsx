import { Button, Flex, Modal, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notifier.tsx';
import { saveFile } from '../../lib/save-file.ts';


/** The recovery codes, shown once (the server keeps only their hashes), with copy and download. */
export function RecoveryCodesModal({ codes, username, onClose }: { codes: string[] | null; username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const text = (codes ?? []).join('\n');
  return (
    <Modal
      open={codes !== null}
      title={t('security.codesTitle')}
      closable={false}
      mask={{ closable: false }}
      centered
      footer={
        <Flex justify="space-between">
          <Flex gap={8}>
            <Button
              icon={<CopyOutlined />}
              onClick={() => void navigator.clipboard?.writeText(text).then(() => notifySuccess(t('security.copied')))}
              data-testid="recovery-copy"
            >
              {t('security.copy')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => saveFile(new Blob([`${text}\n`], { type: 'text/plain' }), `loyalty-portal-recovery-codes-${username}.txt`)} data-testid="recovery-download">
              {t('security.download')}
            </Button>
          </Flex>
          <Button type="primary" onClick={onClose} data-testid="recovery-done">
            {t('security.codesDone')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph>{t('security.codesText')}</Typography.Paragraph>
      <div
        data-testid="recovery-codes"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: '6px 24px', padding: 16, background: '#f5f7f6', borderRadius: 8, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 15 }}
      >
        {(codes ?? []).map((c) => (
          <span key={c}>{c}</span>
        ))}
      </div>
    </Modal>
  );
}
