import { provinceRow, regencyRow, regionsApi } from '@portal/contract';
import { remoteOptions } from './options.ts';

/* Provinces and regencies for filters and forms of any domain (stores, consumers, targeting, promotions). */

export const provinceOptions = remoteOptions('province', regionsApi.provinces, provinceRow, (p) => ({ value: p.code, label: p.name }), { query: { is_all: 'true' } });
export const regencyOptions = remoteOptions('regency', regionsApi.regencies, regencyRow, (r) => ({ value: r.code, label: r.name }), { query: { limit: 50 }, searchable: true });
