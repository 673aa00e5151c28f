import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Col, Flex, Input, Popover, Row, Space, Spin, Tooltip, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  TableOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIST_START_MESSAGE, listStartsValid, richTextApi } from '@portal/contract';
import { call } from '../lib/call.ts';
import { resourceKeys } from '../lib/query-keys.ts';
import { translateMessage } from '../lib/i18n.ts';
import { useDebounced } from './RegionCascader.tsx';
import type { CustomInputProps } from './resource.ts';
import { RichTextView } from './RichTextView.tsx';

/*
 * The rich-text input of the portal. For now an HTML source editor with a toolbar and a live preview that the server
 * sanitises exactly as it will store the text (`richTextApi.preview`). Its props are those of any ResourceForm
 * custom input (value = the HTML), so replacing the inside with a WYSIWYG editor (Tiptap) changes this file only.
 */

interface Edit {
  text: string;
  /** Selection after the edit, relative to the start of the replaced range. */
  select?: [number, number];
}

const wrap = (open: string, close: string, placeholder: string) => (selected: string): Edit => {
  const inner = selected || placeholder;
  return { text: `${open}${inner}${close}`, select: [open.length, open.length + inner.length] };
};

const list = (tag: 'ul' | 'ol', placeholder: string) => (selected: string): Edit => {
  const lines = (selected || placeholder).split(/\r?\n/).filter((l) => l.trim());
  const items = lines.map((l) => `  <li>${l.trim()}</li>`).join('\n');
  const text = `<${tag}>\n${items}\n</${tag}>`;
  return { text, select: [0, text.length] };
};

const TABLE = '<table>\n  <thead><tr><th>Header</th><th>Header</th></tr></thead>\n  <tbody>\n    <tr><td>Cell</td><td>Cell</td></tr>\n  </tbody>\n</table>';

/** A ResourceForm custom input: HTML text with a toolbar and a live, server-sanitised preview. */
export function RichTextEditor({ id, value, onChange, disabled, rows = 18 }: CustomInputProps & { rows?: number }) {
  const { t } = useTranslation();
  const html = typeof value === 'string' ? value : '';
  const area = useRef<TextAreaRef>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('https://');
  const [linkError, setLinkError] = useState<string | null>(null);

  const debounced = useDebounced(html, 400);
  const preview = useQuery({
    queryKey: resourceKeys('rich-text-preview').detail(debounced),
    queryFn: async () => (await call(richTextApi.preview, { body: { html: debounced } })).data.html,
    enabled: debounced.trim().length > 0,
    placeholderData: keepPreviousData,
    gcTime: 30_000,
    meta: { silentError: true },
  });

  /** Replaces the selection with the edit's text and selects what it says, keeping the undo-free flow simple. */
  const apply = (edit: (selected: string) => Edit) => {
    const el = area.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? html.length;
    const end = el?.selectionEnd ?? html.length;
    const result = edit(html.slice(start, end));
    onChange?.(html.slice(0, start) + result.text + html.slice(end));
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      const [a, b] = result.select ?? [result.text.length, result.text.length];
      el.setSelectionRange(start + a, start + b);
    });
  };

  const insertLink = () => {
    const url = href.trim();
    if (!/^(https?:\/\/[^\s"<>]+|mailto:[^\s"<>]+)$/i.test(url)) {
      setLinkError(t('ui.richText.linkInvalid', 'Use an http://, https:// or mailto: address'));
      return;
    }
    setLinkOpen(false);
    setLinkError(null);
    apply(wrap(`<a href="${url.replace(/&/g, '&amp;')}">`, '</a>', t('ui.richText.linkText', 'link text')));
  };

  const tool = (key: string, title: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={title} key={key}>
      <Button icon={icon} onClick={onClick} disabled={disabled} aria-label={title} data-testid={`rte-${key}`} />
    </Tooltip>
  );
  const textTool = (key: string, title: string, label: string, onClick: () => void) => (
    <Tooltip title={title} key={key}>
      {/* The accessible name starts with what the button shows (H1: Heading), as WCAG's label-in-name asks. */}
      <Button onClick={onClick} disabled={disabled} aria-label={`${label}: ${title}`} data-testid={`rte-${key}`} style={{ fontWeight: 600, minWidth: 32 }}>
        {label}
      </Button>
    </Tooltip>
  );
  const sample = t('ui.richText.sample', 'text');
  const item = t('ui.richText.item', 'Item');

  return (
    <Row gutter={[16, 8]} data-testid="rich-text-editor">
      <Col xs={24} xl={12}>
        <Flex wrap gap={4} style={{ marginBottom: 8 }}>
          <Space.Compact>
            {textTool('h2', t('ui.richText.h2', 'Heading'), 'H2', () => apply(wrap('<h2>', '</h2>', t('ui.richText.heading', 'Heading'))))}
            {textTool('h3', t('ui.richText.h3', 'Subheading'), 'H3', () => apply(wrap('<h3>', '</h3>', t('ui.richText.heading', 'Heading'))))}
            {textTool('p', t('ui.richText.p', 'Paragraph'), '¶', () => apply(wrap('<p>', '</p>', sample)))}
          </Space.Compact>
          <Space.Compact>
            {tool('bold', t('ui.richText.bold', 'Bold'), <BoldOutlined />, () => apply(wrap('<strong>', '</strong>', sample)))}
            {tool('italic', t('ui.richText.italic', 'Italic'), <ItalicOutlined />, () => apply(wrap('<em>', '</em>', sample)))}
            {tool('underline', t('ui.richText.underline', 'Underline'), <UnderlineOutlined />, () => apply(wrap('<u>', '</u>', sample)))}
          </Space.Compact>
          <Space.Compact>
            {tool('ul', t('ui.richText.ul', 'Bulleted list'), <UnorderedListOutlined />, () => apply(list('ul', `${item} 1\n${item} 2`)))}
            {tool('ol', t('ui.richText.ol', 'Numbered list'), <OrderedListOutlined />, () => apply(list('ol', `${item} 1\n${item} 2`)))}
            {tool('table', t('ui.richText.table', 'Table'), <TableOutlined />, () => apply(() => ({ text: TABLE })))}
          </Space.Compact>
          <Popover
            open={linkOpen}
            onOpenChange={(open) => {
              setLinkOpen(open);
              setLinkError(null);
            }}
            trigger="click"
            title={t('ui.richText.link', 'Link')}
            content={
              <Space direction="vertical" style={{ width: 280 }}>
                <Input
                  value={href}
                  onChange={(e) => setHref(e.target.value)}
                  onPressEnter={insertLink}
                  placeholder="https://"
                  status={linkError ? 'error' : undefined}
                  data-testid="rte-link-url"
                  autoFocus
                />
                {linkError && <Typography.Text type="danger">{linkError}</Typography.Text>}
                <Button type="primary" size="small" onClick={insertLink} data-testid="rte-link-insert">
                  {t('ui.richText.insert', 'Insert')}
                </Button>
              </Space>
            }
          >
            <Tooltip title={t('ui.richText.link', 'Link')}>
              <Button icon={<LinkOutlined />} disabled={disabled} aria-label={t('ui.richText.link', 'Link')} data-testid="rte-link" />
            </Tooltip>
          </Popover>
        </Flex>
        <Input.TextArea
          id={id}
          ref={area}
          value={html}
          onChange={(e) => onChange?.(e.target.value)}
          disabled={disabled}
          rows={rows}
          spellCheck={false}
          data-testid="rte-source"
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('ui.richText.help', 'HTML: headings, paragraphs, bold, italic, underline, lists, links and tables. Scripts, styles and embedded content are removed when saved.')}
        </Typography.Text>
      </Col>
      <Col xs={24} xl={12}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8, minHeight: 24 }}>
          <Typography.Text strong>{t('ui.richText.preview', 'Preview')}</Typography.Text>
          {preview.isFetching && <Spin size="small" />}
        </Flex>
        {!listStartsValid(html) && <Alert type="error" showIcon style={{ marginBottom: 8 }} title={translateMessage(LIST_START_MESSAGE)} data-testid="rte-list-start" />}
        {preview.isError && <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={t('ui.richText.previewFailed', 'The preview is not available right now.')} />}
        <div
          style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '12px 16px', minHeight: 200, maxHeight: 560, overflow: 'auto', background: '#fff' }}
          data-testid="rte-preview"
        >
          {html.trim() ? (
            <RichTextView html={preview.data ?? ''} />
          ) : (
            <Typography.Text type="secondary">{t('ui.richText.empty', 'Nothing to preview yet.')}</Typography.Text>
          )}
        </div>
      </Col>
    </Row>
  );
}
