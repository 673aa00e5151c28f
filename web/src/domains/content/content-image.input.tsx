import { useState } from 'react';
import { Alert, Button, Flex, Image, Input, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONTENT_IMAGE_MAX_MB, contentImagesApi, type ContentImageUploaded } from '@portal/contract';
import { urlOf } from '../../lib/call.ts';
import type { CustomInputProps } from '../../ui/resource.ts';

/**
 * The image of an item: upload a PNG, JPEG, GIF or WebP (checked here for type and size before sending, and again by
 * the server) or paste an address; the value is the address (`/images/…` after an upload).
 */
export function ContentImageInput({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = typeof value === 'string' ? value : '';
  const upload = async (file: File) => {
    setError(null);
    if (!file.type.startsWith('image/')) return setError(t('content.image.notImage', 'Choose an image file (PNG, JPEG, GIF or WebP).'));
    if (file.size > CONTENT_IMAGE_MAX_MB * 1024 * 1024) return setError(t('content.image.tooLarge', 'The image is larger than {{mb}} MB.', { mb: CONTENT_IMAGE_MAX_MB }));
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const res = await fetch(urlOf(contentImagesApi.upload), { method: 'POST', body: form, credentials: 'same-origin' });
      const body = (await res.json().catch(() => null)) as { data?: ContentImageUploaded; message?: string } | null;
      if (!res.ok || !body?.data) return setError(body?.message ?? t('content.image.failed', 'The upload failed.'));
      onChange?.(body.data.url);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center">
        <Input id={id} value={url} disabled={disabled} placeholder="https://… or /images/…" onChange={(e) => onChange?.(e.target.value)} data-testid={id ? `field-${id}` : undefined} />
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          disabled={disabled || busy}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid="image-upload">
            {t('content.image.upload', 'Upload')}
          </Button>
        </Upload>
      </Flex>
      {error && <Alert type="error" showIcon title={error} data-testid="image-error" />}
      {url && <Image src={url} alt="" height={96} style={{ objectFit: 'contain' }} fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />}
    </Flex>
  );
}
