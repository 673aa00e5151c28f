import {
  RAFFLE_DRAWN,
  RAFFLE_STATUS,
  TARGETING,
  raffleCreateBody,
  raffleListQuery,
  rafflesApi,
  type RaffleDetail,
  type RaffleRow,
} from '@portal/contract';
import { JakartaDateTimeInput } from '../../ui/JakartaDateTimeInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { targetingView } from '../../ui/targeting.view.tsx';
import { RaffleDrawPanel } from './RaffleDrawPanel.tsx';
import { RaffleEarningText, RafflePrizesInput, RafflePrizesList } from './RafflePrizesInput.tsx';

const targeting = targetingView<RaffleDetail>(rafflesApi.audience);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** cms Raffle: prizes, an entry period, how coupons are earned, whom it targets; the draw on the detail. */
export const raffleView = defineResource<RaffleRow, RaffleDetail>({
  name: 'raffle',
  i18n: 'loyalty.raffle',
  title: 'Raffle',
  entries: ['cms.raffle'],
  listQuery: raffleListQuery,
  api: rafflesApi,
  search: 'Search raffle name',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(RAFFLE_STATUS), width: 150 },
    { kind: 'date', key: 'active_on', label: 'Open On' },
  ],
  columns: [
    { key: 'name', label: 'Name', link: true, sortable: true },
    { key: 'status', label: 'Status', kind: 'status', enum: RAFFLE_STATUS, width: 120 },
    { key: 'entry_start', label: 'Entry Start', kind: 'date', sortable: true },
    { key: 'entry_end', label: 'Entry End', kind: 'date', sortable: true },
    { key: 'draw_at', label: 'Draw Date', kind: 'date', sortable: true },
    { key: 'winners_count', label: 'Winners', kind: 'number', width: 90 },
    { key: 'entries_count', label: 'Entries', kind: 'number', width: 90 },
    { key: 'consumers_count', label: 'Consumers', kind: 'number', width: 100 },
    { key: 'targeting', label: 'Targeting', kind: 'status', enum: TARGETING, width: 130, defaultHidden: true },
    { key: 'created_by_name', label: 'Created By', defaultHidden: true },
    { key: 'created_at', label: 'Created At', kind: 'date', sortable: true, defaultHidden: true },
  ],
  form: {
    create: raffleCreateBody,
    fields: [
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'description', label: 'Description', input: 'textarea' },
      { name: 'prizes', label: 'Prizes', input: 'custom', component: RafflePrizesInput, help: 'In draw order; each one of a quantity is a winner' },
      { name: 'entry_start', label: 'Entry Start', input: 'custom', component: JakartaDateTimeInput, wide: false },
      { name: 'entry_end', label: 'Entry End', input: 'custom', component: JakartaDateTimeInput, wide: false },
      { name: 'draw_at', label: 'Draw Date', input: 'custom', component: JakartaDateTimeInput, wide: false, help: 'After the entry end (WIB)' },
      { name: 'max_entries_per_consumer', label: 'Max Entries per Consumer', input: 'number' },
      { name: 'spend_per_entry', label: 'Spend per Coupon', input: 'rupiah', help: 'One raffle coupon per this much of a transaction; empty: purchases earn none' },
      { name: 'app_entry', label: 'Entry from the App', input: 'boolean', help: 'One coupon each time the consumer enters in the app' },
      { name: 'allow_repeat_wins', label: 'A Consumer May Win More Than Once', input: 'boolean' },
      ...targeting.fields,
    ],
    toBody: (v) => ({
      ...targeting.toBody(v),
      prizes: list(v.prizes).map((p) => ({ ...(p as object), name: String((p as { name?: unknown }).name ?? '').trim() })),
      spend_per_entry: typeof v.spend_per_entry === 'number' && v.spend_per_entry > 0 ? v.spend_per_entry : null,
      app_entry: v.app_entry === true,
      allow_repeat_wins: v.allow_repeat_wins === true,
    }),
  },
  detail: [
    {
      key: 'general',
      title: 'Raffle',
      items: [
        { key: 'name', label: 'Name' },
        { key: 'status', label: 'Status', kind: 'status', enum: RAFFLE_STATUS },
        { key: 'entry_start', label: 'Entry Start', kind: 'date' },
        { key: 'entry_end', label: 'Entry End', kind: 'date' },
        { key: 'draw_at', label: 'Draw Date', kind: 'date' },
        { key: 'earning', label: 'How Entries Are Earned', kind: 'custom', component: RaffleEarningText },
        { key: 'max_entries_per_consumer', label: 'Max Entries per Consumer', kind: 'number' },
        { key: 'allow_repeat_wins', label: 'A Consumer May Win More Than Once', kind: 'boolean' },
        { key: 'entries_count', label: 'Entries', kind: 'number' },
        { key: 'consumers_count', label: 'Consumers', kind: 'number' },
        { key: 'winners_count', label: 'Winners', kind: 'number' },
        { key: 'description', label: 'Description' },
        { key: 'created_by_name', label: 'Created By' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
      ],
    },
    { key: 'prizes', title: 'Prizes', component: RafflePrizesList },
    targeting.section,
    { key: 'draw', title: 'Draw', component: RaffleDrawPanel },
  ],
  rowTitle: (d) => d.name,
  // A drawn raffle keeps its entries and winners: the server never deletes it, so no Delete is offered.
  locked: (row) => row.status === RAFFLE_DRAWN,
});
