/**
 * The print style of a print-ready screen (a packing slip, a quotation): printed, the sheet is the page, so the
 * shell's menu, header, footer and breadcrumb and whatever the screen marks `data-no-print` (its buttons) stay off the paper.
 */
export const printCss = (page: { size: 'A4' | 'A5' | 'A4 landscape'; margin: string }) => `@media print {
  .ant-layout-sider, .ant-layout-header, .ant-layout-footer, .ant-breadcrumb, [data-no-print] { display: none !important; }
  .ant-layout, .ant-layout-content { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  @page { size: ${page.size}; margin: ${page.margin}; }
}`;
