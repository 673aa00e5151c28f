import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { formatDateTime } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';
import type { CustomInputProps } from '../../ui/resource.ts';

/** An instant shown in Asia/Jakarta (DD/MMM/YYYY HH:mm:ss) in the UI language. */
export function JakartaTime({ value }: { value: string | null | undefined }) {
  const lang = useLang();
  return <>{formatDateTime(value ?? null, lang)}</>;
}

/** The image field (upload and preview) in its own chunk: only the create and edit forms show it. */
const ImageInput = lazy(async () => ({ default: (await import('./content-image.input.tsx')).ContentImageInput }));

export function ContentImageInput(props: CustomInputProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block />}>
      <ImageInput {...props} />
    </Suspense>
  );
}
