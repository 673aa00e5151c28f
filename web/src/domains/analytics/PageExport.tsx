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
 * A `widget` export (a second table of the screen) is offered the same way but is not the one a shared mail starts.
 */
export function PageExportButton({ endpoint, query, widget = false }: { endpoint: AnyEndpoint; query: Query; widget?: boolean }) {
  const perms = useSession()?.access.perms;
  const entry = pandoraEntryOf(useLocation({ select: (l) => l.pathname }));
  const allowed = !!perms && !!entry && can(perms, entry.key, 'export');
  useMarkPageExport(allowed && !widget);
  const [requested, setRequested] = useSearchParam('export');
  if (!allowed) return null;
  const start = widget ? undefined : EXPORT_FORMATS.find((f) => f === requested);
  return <ExportButton endpoint={endpoint} query={query} start={start} onStart={() => setRequested(undefined, { replace: true })} />;
}
