/** How sanitised rich text is laid out wherever it is shown (preview, detail, public pages). */
export const RICH_TEXT_CSS = `
.rich-text-body { line-height: 1.7; overflow-wrap: anywhere; }
.rich-text-body h1, .rich-text-body h2, .rich-text-body h3, .rich-text-body h4 { margin: 0.8em 0 0.4em; line-height: 1.3; }
.rich-text-body p { margin: 0 0 0.8em; }
.rich-text-body ul, .rich-text-body ol { padding-left: 1.6em; margin: 0 0 0.8em; }
.rich-text-body table { border-collapse: collapse; margin: 0 0 0.8em; }
.rich-text-body th, .rich-text-body td { border: 1px solid #d9d9d9; padding: 4px 8px; text-align: left; vertical-align: top; }
.rich-text-body th { background: #fafafa; }
.rich-text-body blockquote { border-left: 3px solid #d9d9d9; margin: 0 0 0.8em; padding-left: 12px; color: rgba(0,0,0,0.65); }
`;

/** Sanitised HTML from the server, rendered. Never pass HTML that did not come back from the server's sanitiser. */
export function RichTextView({ html, testId }: { html: string; testId?: string }) {
  return (
    <>
      <style>{RICH_TEXT_CSS}</style>
      {/* Sanitised by the server (platform/rich-text.ts) before it was stored or previewed. */}
      <div className="rich-text-body" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
