import { registerDictionaries } from '../../lib/i18n.ts';
import { printPreviewI18n } from './print-preview.i18n.ts';
import { PrintPreview } from './PrintPreview.tsx';

registerDictionaries(printPreviewI18n);

/** `pandora/analytic/preview?path=<a dashboard's page>&<its filters>`: the dashboard's widgets laid out for paper. */
export const AnalyticPreviewScreen = () => <PrintPreview kind="dashboard" />;

/** `pandora/preview?path=<a report's page>&<its filters>`: the report's totals and first rows laid out for paper. */
export const ReportPreviewScreen = () => <PrintPreview kind="report" />;
