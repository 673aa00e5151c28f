/**
 * pandora's print-ready previews (spec section 2: `pandora/analytic/preview` and `pandora/preview`), the paths alone:
 * the router takes them with what sign-in loads; which page each prints is print-preview.ts.
 */
export const PRINT_PREVIEW_PATHS = {
  dashboard: '/admin/pandora/analytic/preview',
  report: '/admin/pandora/preview',
} as const;
export type PreviewKind = keyof typeof PRINT_PREVIEW_PATHS;
