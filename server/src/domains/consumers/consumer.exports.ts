import { sql } from 'drizzle-orm';
import {
  CONSUMER_ENTRIES,
  CONSUMER_STATUS,
  consumerListQuery,
  COUPON_CLAIM_STATUS,
  couponExportQuery,
  GENDER,
  MEMBER_ENTRIES,
  MEMBER_TIER,
  memberListQuery,
  STAMP_DIRECTION,
  STAMP_IN_CODES,
  STAMP_MOVEMENT,
  STAMP_OUT_CODES,
  stampExportQuery,
  type ConsumerListQuery,
  type MemberListQuery,
} from '@portal/contract';
import { listConditions } from '../../platform/crud/index.ts';
import { defineExport, enumLabel, yesNo, type ExportColumn, type ExportSource, type ExportViewer } from '../../platform/exports/index.ts';
import type { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { decidePersonalData, shownContact, stepUpForPersonalData } from '../../platform/personal-data-export.ts';
import { CONSUMER_ROWS_JOINED, consumerDef } from './consumer.resource.ts';
import { memberDef } from './member.resource.ts';

const contact: ExportColumn[] = [
  { key: 'shown_phone', label: 'Phone' },
  { key: 'shown_email', label: 'E-mail' },
];

const columns: ExportColumn[] = [
  { key: 'id', label: 'Consumer ID', format: 'number' },
  { key: 'name', label: 'Name' },
  ...contact,
  { key: 'gender', label: 'Gender', format: enumLabel(GENDER) },
  { key: 'birth_date', label: 'Date of Birth', format: 'date' },
  { key: 'province_name', label: 'Province' },
  { key: 'regency_name', label: 'Regency / City' },
  { key: 'app_card_id', label: 'App Card' },
  { key: 'physical_card_id', label: 'Physical Card' },
  { key: 'stamp_balance', label: 'Stamps', format: 'number' },
  { key: 'email_verified', label: 'E-mail Verified', format: yesNo },
  { key: 'status', label: 'Status', format: enumLabel(CONSUMER_STATUS) },
  { key: 'created_at', label: 'Registered At (WIB)', format: 'datetime' },
  { key: 'last_login_at', label: 'Last Login (WIB)', format: 'datetime' },
];

/** The consumer list as a file (`export_consumer`): the list's filters, search and order; personal data masked as on screen. */
export const consumerExport = (accessLog: PersonalDataAccessLog) => {
  const source = (q: ConsumerListQuery, viewer: ExportViewer): ExportSource => {
    const sortExpr = consumerDef.sort[q.sort_by] ?? 'c.created_at';
    return {
      // The birth date as a date too (the list has it as text): the database formats it from its value.
      select: sql`${CONSUMER_ROWS_JOINED.select}, c.date_of_birth as birth_date, ${shownContact(viewer)}`,
      from: CONSUMER_ROWS_JOINED.from,
      where: listConditions(consumerDef, q),
      keys: [sortExpr, consumerDef.id],
      dir: q.sort_dir,
    };
  };
  const decide = decidePersonalData(accessLog, 'export_consumer', 'c.id');
  return defineExport({
    name: 'export_consumer',
    guard: stepUpForPersonalData,
    sheetName: 'Consumers',
    entries: CONSUMER_ENTRIES,
    listQuery: consumerListQuery,
    columns,
    source,
    prepare: (db, q, viewer) => decide(db, source(q, viewer), viewer),
  });
};

/** The member list as a file (`export_member`, spec section 9), masked and recorded like the consumer export. */
export const memberExport = (accessLog: PersonalDataAccessLog) => {
  const source = (q: MemberListQuery, viewer: ExportViewer): ExportSource => ({
    select: sql`${memberDef.select}, ${shownContact(viewer)}`,
    from: memberDef.from,
    where: listConditions(memberDef, q),
    keys: [memberDef.sort[q.sort_by] ?? 'm.joined_at', memberDef.id],
    dir: q.sort_dir,
  });
  const decide = decidePersonalData(accessLog, 'export_member', 'm.consumer_id');
  return defineExport({
    name: 'export_member',
    guard: stepUpForPersonalData,
    sheetName: 'Members',
    entries: MEMBER_ENTRIES,
    listQuery: memberListQuery,
    columns: [
      { key: 'member_no', label: 'Member No' },
      { key: 'consumer_id', label: 'Consumer ID', format: 'number' },
      { key: 'name', label: 'Name' },
      ...contact,
      { key: 'tier', label: 'Tier', format: enumLabel(MEMBER_TIER) },
      { key: 'is_check', label: 'Checked', format: yesNo },
      { key: 'employee_no', label: 'Employee No' },
      { key: 'home_store_name', label: 'Home Store' },
      { key: 'stamp_balance', label: 'Stamps', format: 'number' },
      { key: 'joined_at', label: 'Joined At (WIB)', format: 'datetime' },
    ],
    source,
    prepare: (db, q, viewer) => decide(db, source(q, viewer), viewer),
  });
};

const codesOf = (direction: 'in' | 'out' | undefined) => (direction === 'in' ? STAMP_IN_CODES : direction === 'out' ? STAMP_OUT_CODES : null);

/** The stamp ledger as a file (`export_consumer_stamp_history`): one consumer's (`consumer_id`) or everyone's, in or out. */
export const stampHistoryExport = defineExport({
  name: 'export_consumer_stamp_history',
  sheetName: 'Stamp History',
  entries: CONSUMER_ENTRIES,
  listQuery: stampExportQuery,
  columns: [
    { key: 'consumer_id', label: 'Consumer ID', format: 'number' },
    { key: 'consumer_name', label: 'Consumer' },
    { key: 'at', label: 'Time (WIB)', format: 'datetime' },
    { key: 'direction', label: 'In / Out', format: enumLabel(STAMP_DIRECTION) },
    { key: 'code', label: 'Movement', format: enumLabel(STAMP_MOVEMENT) },
    { key: 'code', label: 'Code', format: 'number' },
    { key: 'quantity', label: 'Stamps', format: 'number' },
    { key: 'balance_after', label: 'Balance', format: 'number' },
    { key: 'store_name', label: 'Store' },
    { key: 'reference', label: 'Reference' },
    { key: 'note', label: 'Note' },
  ],
  source: (q) => {
    const codes = codesOf(q.direction);
    return {
      select: sql`select l.id, l.at, l.consumer_id, c.name as consumer_name, case when l.code in (10, 30) then 'in' else 'out' end as direction, l.code,
        l.quantity, l.balance_after, s.name as store_name, l.reference, l.note`,
      from: sql`from stamp_ledger l join consumers c on c.id = l.consumer_id left join stores s on s.id = l.store_id`,
      where: [
        q.consumer_id ? sql`l.consumer_id = ${q.consumer_id}` : undefined,
        codes ? sql`l.code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})` : undefined,
      ],
      keys: ['l.at', 'l.id'],
      keyColumns: ['at', 'id'],
      dir: q.sort_dir,
    };
  },
});

/** Claimed coupons as a file (`export_consumer_coupon_history`): one consumer's or everyone's, by status. */
export const couponHistoryExport = defineExport({
  name: 'export_consumer_coupon_history',
  sheetName: 'Coupon History',
  entries: CONSUMER_ENTRIES,
  listQuery: couponExportQuery,
  columns: [
    { key: 'consumer_id', label: 'Consumer ID', format: 'number' },
    { key: 'consumer_name', label: 'Consumer' },
    { key: 'coupon_code', label: 'Coupon Code' },
    { key: 'name', label: 'Coupon' },
    { key: 'reward_name', label: 'Reward' },
    { key: 'status', label: 'Status', format: enumLabel(COUPON_CLAIM_STATUS) },
    { key: 'stamps_used', label: 'Stamps Used', format: 'number' },
    { key: 'claimed_at', label: 'Claimed At (WIB)', format: 'datetime' },
    { key: 'redeemed_at', label: 'Redeemed At (WIB)', format: 'datetime' },
    { key: 'expires_at', label: 'Expires At (WIB)', format: 'datetime' },
    { key: 'store_name', label: 'Store' },
    { key: 'pos_receipt_no', label: 'POS Receipt' },
  ],
  source: (q) => ({
    select: sql`select k.id, k.claimed_at, k.consumer_id, c.name as consumer_name, k.coupon_code, k.name, k.reward_name, k.status, k.stamps_used,
      k.redeemed_at, k.expires_at, s.name as store_name, k.pos_receipt_no`,
    from: sql`from consumer_coupons k join consumers c on c.id = k.consumer_id left join stores s on s.id = k.store_id`,
    where: [q.consumer_id ? sql`k.consumer_id = ${q.consumer_id}` : undefined, q.status ? sql`k.status = ${q.status}` : undefined],
    keys: ['k.claimed_at', 'k.id'],
    keyColumns: ['claimed_at', 'id'],
    dir: q.sort_dir,
  }),
});
