import { registerDictionaries } from '../../lib/i18n.ts';
import { listScreen } from '../../ui/ResourceScreens.tsx';
import { consumerLoginLogView } from './consumer-login-log.view.ts';
import { heimdalLogsI18n } from './heimdal-logs.i18n.ts';
import { voucherUsedLogView } from './voucher-used-log.view.ts';

registerDictionaries(heimdalLogsI18n);

// The two logs' lists, in a chunk of their own: their detail pages (heimdal-logs.screens.tsx) carry other domains' views.
export const ConsumerLoginLogListScreen = listScreen(consumerLoginLogView);
export const VoucherUsedLogListScreen = listScreen(voucherUsedLogView);
