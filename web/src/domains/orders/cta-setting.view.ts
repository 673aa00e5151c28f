import { z } from 'zod';
import { topUpCtaApi, topUpCtaUpdateBody, type TopUpCtaRow } from '@portal/contract';
import { i18n } from '../../lib/i18n.ts';
import { defineResource } from '../../ui/resource.ts';

/** cms CTA Setting: the one call to action of the app's top-up page; its page is the entry's route, its form `<route>/edit`. */
export const ctaSettingView = defineResource<TopUpCtaRow>({
  name: 'cta-setting',
  i18n: 'topUp.cta',
  title: 'CTA Setting',
  entries: ['cms.cta-setting'],
  listQuery: z.object({}),
  // One record at one path: its get serves as the list too.
  api: { list: topUpCtaApi.get, get: topUpCtaApi.get, update: topUpCtaApi.update },
  columns: [],
  form: {
    update: topUpCtaUpdateBody,
    fields: [
      { name: 'title', label: 'Title', input: 'text', placeholder: 'Isi pulsa & paket data' },
      { name: 'subtitle', label: 'Subtitle', input: 'text' },
      { name: 'button_text', label: 'Button Text', input: 'text', placeholder: 'Beli Sekarang' },
      { name: 'deep_link', label: 'Deep Link', input: 'text', placeholder: 'superapp://top-up', help: 'An app link or an https:// address the button opens.' },
      { name: 'is_active', label: 'Active', input: 'boolean', help: 'Off: the app shows no call to action on its top-up page.' },
    ],
    fromDetail: (s) => ({ title: s.title, subtitle: s.subtitle ?? '', button_text: s.button_text, deep_link: s.deep_link, is_active: s.is_active }),
  },
  detail: [
    {
      key: 'cta',
      title: 'Call to Action',
      items: [
        { key: 'title', label: 'Title' },
        { key: 'subtitle', label: 'Subtitle' },
        { key: 'button_text', label: 'Button Text' },
        { key: 'deep_link', label: 'Deep Link' },
        { key: 'is_active', label: 'Active', kind: 'boolean' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: () => i18n.t('topUp.cta.title', 'CTA Setting'),
  paths: (route) => ({ list: route, detail: () => route, edit: () => `${route}/edit` }),
});
