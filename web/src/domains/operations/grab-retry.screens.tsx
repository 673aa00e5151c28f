import { GRAB_RETRY_ENTRY, grabRetryApi, type GrabRetryInput, type GrabRetryRow } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerDictionaries } from '../../lib/i18n.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { GuardedChangePanel, OperatorActions } from '../../ui/guarded/index.ts';
import { listScreen, ResourceListPage } from '../../ui/ResourceScreens.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { RetryChoice, retryable } from './GrabRetryCells.tsx';
import { grabRetryI18n } from './grab-retry.i18n.ts';
import { grabRetryView } from './grab-retry.view.ts';

registerDictionaries(grabRetryI18n);

const VIEW = { entries: [GRAB_RETRY_ENTRY] };

/** The orders chosen, and the retry of their hand-overs as a guarded write (preview, reason, typed words, apply). */
function RetryPanel({ chosen, onClear, onApplied }: { chosen: readonly GrabRetryRow[]; onClear: () => void; onApplied: () => void }) {
  const { t } = useTranslation();
  const input: GrabRetryInput | null = chosen.length ? { order_ids: chosen.map((r) => r.order_id) } : null;
  return (
    <Card size="small" title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{t('operations.grabRetry.panelTitle', 'Retry the hand-over')}</Typography.Title>} data-testid="grab-retry-panel">
      <Flex vertical gap={12}>
        {chosen.length ? (
          <Flex gap={8} align="center" wrap>
            <Typography.Text data-testid="grab-retry-chosen">{t('operations.grabRetry.chosen', { count: chosen.length, orders: chosen.map((r) => r.order_no).join(', ') })}</Typography.Text>
            <Button size="small" onClick={onClear}>
              {t('operations.grabRetry.clear', 'Clear the choice')}
            </Button>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('operations.grabRetry.chooseFirst')}</Typography.Text>
        )}
        <GuardedChangePanel
          api={grabRetryApi}
          input={input}
          applyLabel={t('operations.grabRetry.apply', 'Retry the hand-over')}
          successMessage={t('operations.grabRetry.success', 'Grab Retry Success')}
          onApplied={onApplied}
        />
      </Flex>
    </Card>
  );
}

/**
 * heimdal › Grab Retry: the failed hand-overs to the courier (filters, page and sort in the URL), ticked or chosen one by
 * one for a retry previewed and applied as a guarded write below the list; the list re-reads itself while a retried
 * hand-over waits for the courier. Under it, the retries made (none can be undone: a booking cannot be taken back).
 */
export const GrabRetryScreen = listScreen(grabRetryView, function GrabRetryScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const access = useResourceAccess(VIEW);
  const canRetry = access.can('edit');
  const [chosen, setChosen] = useState<GrabRetryRow[]>([]);
  const panel = useRef<HTMLDivElement>(null);
  const chooseOne = (row: GrabRetryRow) => {
    setChosen([row]);
    panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <RetryChoice.Provider value={canRetry ? chooseOne : null}>
      <ResourceListPage
        view={grabRetryView}
        above={<Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('operations.grabRetry.intro')} />}
        selection={canRetry ? { rows: chosen, onChange: setChosen, eligible: retryable } : undefined}
        below={
          <Flex vertical gap={16} style={{ marginTop: 16 }}>
            <div ref={panel}>
              {canRetry ? (
                <RetryPanel
                  chosen={chosen}
                  onClear={() => setChosen([])}
                  onApplied={() => {
                    setChosen([]);
                    void client.invalidateQueries({ queryKey: queryKeys.grabRetry.all });
                  }}
                />
              ) : (
                <Alert type="info" showIcon message={t('operations.grabRetry.readOnly')} />
              )}
            </div>
            <OperatorActions api={grabRetryApi} canUndo={false} />
          </Flex>
        }
      />
    </RetryChoice.Provider>
  );
});
