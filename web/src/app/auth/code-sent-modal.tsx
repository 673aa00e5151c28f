import type { RefObject } from 'react';
import { Button, Modal, Typography, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "We sent you a code": shown once the e-mailed code is on its way. Its own chunk, fetched while the password is
 * checked, so the sign-in page itself carries no dialog code.
 */
export function CodeSentModal({ open, onClose, focusAfter }: { open: boolean; onClose: () => void; focusAfter: RefObject<InputRef | null> }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('otp.modalTitle')}
      closable={false}
      mask={{ closable: false }}
      centered
      onOk={onClose}
      afterClose={() => focusAfter.current?.focus()}
      footer={
        <Button type="primary" onClick={onClose} data-testid="otp-modal-ok">
          {t('otp.okay')}
        </Button>
      }
    >
      <Typography.Paragraph style={{ marginBottom: 8 }}>{t('otp.modalText')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('otp.modalSpam')}
      </Typography.Paragraph>
    </Modal>
  );
}
