import { consumersApi, consumerTagRef, membersApi, memberStoreOption } from '@portal/contract';
import { remoteOptions } from '../../ui/options.ts';

/** The tags a consumer may carry, read under the Consumer entry's own right. */
export const consumerTagOptions = remoteOptions('consumer-tag', consumersApi.tags, consumerTagRef, (t) => ({ value: t.id, label: t.name }));

/** Home stores for members, read under the Member Management entry's own right; typing searches on the server. */
export const memberStoreOptions = remoteOptions('member-store', membersApi.stores, memberStoreOption, (s) => ({ value: s.id, label: `${s.code} · ${s.name}` }), { searchable: true });
