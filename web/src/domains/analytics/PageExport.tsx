import { useLocation } from '@tanstack/react-router';
import { can, EXPORT_FORMATS, type AnyEndpoint } from '@portal/contract';
import type { Query } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { useSearchParam } from '../../ui/search-param.ts';
import { useMarkPageExport } from './page-export.ts';
import { pandoraEntryOf } from './share-path.ts';

/**
 * A dashboard's export (one a screen), shown when the user may export the screen's menu entry. Opened with
 * `export=xlsx` (the second link of a shared mail), it starts that export at once and takes the key off the address.
 */
export function PageExportButton({ endpoint, query }: { endpoint: AnyEndpoint; query: Query }) {
  const perms = useSession()?.access.perms;
  const entry = pandoraEntryOf(useLocation({ select: (l) => l.pathname }));
  const allowed = !!perms && !!entry && can(perms, entry.key, 'export');
  useMarkPageExport(allowed);
  const [requested, setRequested] = useSearchParam('export');
  if (!allowed) return null;
  const start = EXPORT_FORMATS.find((f) => f === requested);
  return <ExportButton endpoint={endpoint} query={query} start={start} onStart={() => setRequested(undefined, { replace: true })} />;
}
