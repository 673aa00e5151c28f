import { createContext, useContext } from 'react';
import { useLocation } from '@tanstack/react-router';
import { previewHref } from '@portal/contract';

/**
 * A screen shown in a print preview (pandora's `analytic/preview` and `preview`): its page shell (a dashboard's, a
 * list's) lays it out for paper instead of the screen, with a print header in place of its filters and buttons.
 */
export interface PrintMode {
  /** How many rows a list prints: its first page of that size. */
  rows: number;
  /** When the preview was made, shown in its header. */
  generatedAt: Date;
}

export const PrintModeContext = createContext<PrintMode | null>(null);

/** The print preview the screen is shown in, or null on the screen itself. */
export const usePrintMode = (): PrintMode | null => useContext(PrintModeContext);

/** The print preview of the open page with its filters, when pandora prints it (a dashboard or a report). */
export function usePreviewHref(): string | undefined {
  const href = useLocation({ select: (l) => l.href });
  const print = usePrintMode();
  return print ? undefined : previewHref(href);
}
