import { customConsumerTagRow, customConsumerTagsApi } from '@portal/contract';
import { remoteOptions } from './options.ts';

/* The custom consumer tags for the targeting of any domain (content, surveys, coupons). */

export const consumerTagOptions = remoteOptions('custom-consumer-tag', customConsumerTagsApi.list, customConsumerTagRow, (t) => ({ value: t.id, label: t.name }), { query: { is_all: 'true' } });
