import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { ShareAltOutlined } from '@ant-design/icons';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@portal/contract';
import { registerDictionaries } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { shareI18n } from './share.i18n.ts';
import { pandoraEntryOf, sharedPath } from './share-path.ts';

registerDictionaries(shareI18n);

/** The dialog arrives with the first click: a dashboard opened to be read does not load it. */
const ShareDialog = lazy(async () => ({ default: (await import('./ShareDialog.tsx')).ShareDialog }));

/**
 * Share the open dashboard or report by e-mail: a button for the page header of every pandora screen, which finds the
 * screen's menu entry from its address and shares that address with its filters.
 */
export function ShareButton() {
  const { t } = useTranslation();
  const href = useLocation({ select: (l) => l.href });
  const perms = useSession()?.access.perms;
  const [open, setOpen] = useState(false);
  // Each opening starts a fresh dialog (no colleagues, note or answer of the last share).
  const [round, setRound] = useState(0);
  const entry = pandoraEntryOf(href.split('?')[0] ?? '');
  if (!entry || !perms || !can(perms, entry.key, 'view')) return null;
  return (
    <>
      <Button icon={<ShareAltOutlined aria-hidden />} aria-haspopup="dialog" onClick={() => {
          setRound((n) => n + 1);
          setOpen(true);
        }} data-testid="share-open">
        {t('analyticsShare.button', 'Share')}
      </Button>
      {round > 0 && (
        <Suspense fallback={null}>
          <ShareDialog key={round} entry={entry} path={sharedPath(href)} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
