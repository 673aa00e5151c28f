import type { MouseEvent } from 'react';
import { Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Opens the page's print preview (an ordinary link: a new tab works too). */
export function PrintPreviewButton({ href }: { href: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void router.navigate({ href });
  };
  return (
    <Button href={href} onClick={onClick} icon={<PrinterOutlined aria-hidden />} data-testid="print-preview-open">
      {t('ui.print.preview', 'Print preview')}
    </Button>
  );
}
