import { ACTIVE_STATUS, creditLimitListQuery, creditLimitsApi, type CreditLimitRow } from '@portal/contract';
import { booleanOptions, enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { CreditAvailable, CreditLimitEdit } from './CreditLimitEdit.tsx';

const hasLimitOptions = booleanOptions({ label: 'With a limit', labelId: 'Punya batas' }, { label: 'No limit set', labelId: 'Belum ada batas' });

/**
 * cms Method of Payment, Credit Limit: each partner's limit of open credit orders, what they use and what is left. One
 * list; a limit is changed in a dialog on its row (no record page: the partner's own page shows its credit).
 */
export const creditLimitView = defineResource<CreditLimitRow>({
  name: 'credit-limit',
  i18n: 'voucher.creditLimit',
  title: 'Credit Limit',
  entries: ['cms.method-of-payment/credit-limit'],
  listQuery: creditLimitListQuery,
  api: creditLimitsApi,
  rowActions: false,
  search: 'Search company name or partner code',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 },
    { kind: 'select', key: 'has_limit', label: 'Limit', options: hasLimitOptions, width: 160 },
  ],
  columns: [
    { key: 'partner_code', label: 'Partner Code', sortable: true, width: 130 },
    { key: 'name', label: 'Company', sortable: true },
    { key: 'pic_user_name', label: 'PIC' },
    { key: 'credit_limit', label: 'Credit Limit', kind: 'rupiah', sortable: true, width: 170 },
    { key: 'credit_used', label: 'Credit Used', kind: 'rupiah', width: 170 },
    { key: 'credit_available', label: 'Credit Available', kind: 'custom', component: CreditAvailable, width: 170 },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 110 },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
    { key: 'edit_limit', label: 'Actions', kind: 'custom', component: CreditLimitEdit, width: 130, fixed: 'right' },
  ],
  detail: [],
  rowTitle: (r) => `${r.partner_code} · ${r.name}`,
});
