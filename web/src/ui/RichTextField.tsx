import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { CustomInputProps } from './resource.ts';

const RichTextEditor = lazy(async () => ({ default: (await import('./RichTextEditor.tsx')).RichTextEditor }));

/** The rich-text input of a form, in its own chunk: lists and detail pages show rich text (RichTextView) but never edit it. */
export function RichTextField(props: CustomInputProps & { rows?: number }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
