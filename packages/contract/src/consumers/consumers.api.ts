import { z } from 'zod';
import { ASSOCIATE_ENTRIES, CONSUMER_ENTRIES, MEMBER_ENTRIES } from './consumer-entries.ts';
import type { Action } from '../access/types.ts';
import { endpoint, exportEndpoint, page } from '../common/endpoint.ts';
import { stampExportQuery, couponExportQuery } from './consumer-history.schema.ts';
import type { ConsumerAction } from '../workflows/consumer.ts';
import {
  associateCreateBody,
  associateHistoryQuery,
  associateHistoryRow,
  associateListQuery,
  associateRow,
  associateUpdateBody,
  employeeNoParam,
} from './associate.schema.ts';
import {
  consumerActivityRow,
  consumerAddressParams,
  consumerAddressRow,
  consumerAddressUpdateBody,
  consumerCouponDetail,
  consumerCouponParams,
  consumerCouponRow,
  consumerHistoryQuery,
  posSaleRow,
  stampHistoryQuery,
  stampLedgerRow,
} from './consumer-history.schema.ts';
import {
  consumerActionBody,
  consumerDetail,
  consumerLinkCardBody,
  consumerListQuery,
  consumerRow,
  consumerTagRef,
  consumerUpdateBody,
} from './consumer.schema.ts';
import { personalDataAccessApi } from './personal-data-access.api.ts';
import { memberListQuery, memberRow, memberStoreOption, memberStoreQuery, memberUpdateBody } from './member.schema.ts';

const consumer = (action: Action) => ({ entries: CONSUMER_ENTRIES, action });
const member = (action: Action) => ({ entries: MEMBER_ENTRIES, action });
const associate = (action: Action) => ({ entries: ASSOCIATE_ENTRIES, action });

/**
 * The address and coupon sub-lists of a record that stands for a consumer: the consumer itself (`consumers/:id`) or its
 * membership (`members/:id`), each under its own menu entry; the records are the consumer's either way.
 */
function addressesAndCoupons<const P extends string>(name: string, path: P, entries: readonly string[], whose: string) {
  const perm = (action: Action) => ({ entries, action });
  return {
    addresses: endpoint({
      id: `${name}.addresses`,
      method: 'GET',
      path: `${path}/:id/addresses`,
      tag: name,
      summary: `The ${whose}’s addresses, primary first`,
      access: perm('view'),
      query: consumerHistoryQuery,
      data: page(consumerAddressRow),
    }),
    address: endpoint({
      id: `${name}.address`,
      method: 'GET',
      path: `${path}/:id/addresses/:addressId`,
      tag: name,
      summary: `One address of the ${whose}`,
      access: perm('view'),
      params: consumerAddressParams,
      data: consumerAddressRow,
    }),
    updateAddress: endpoint({
      id: `${name}.update-address`,
      method: 'PUT',
      path: `${path}/:id/addresses/:addressId`,
      tag: name,
      summary: `Edit an address of the ${whose} with its province, regency, district and village (409 when the version is stale)`,
      access: perm('edit'),
      params: consumerAddressParams,
      body: consumerAddressUpdateBody,
      data: consumerAddressRow,
    }),
    coupons: endpoint({
      id: `${name}.coupons`,
      method: 'GET',
      path: `${path}/:id/coupons`,
      tag: name,
      summary: `The ${whose}’s coupon history, newest claim first`,
      access: perm('view'),
      query: consumerHistoryQuery,
      data: page(consumerCouponRow),
    }),
    coupon: endpoint({
      id: `${name}.coupon`,
      method: 'GET',
      path: `${path}/:id/coupons/:couponId`,
      tag: name,
      summary: `One claimed coupon of the ${whose}`,
      access: perm('view'),
      params: consumerCouponParams,
      data: consumerCouponDetail,
    }),
  };
}

/** A staff action on a consumer: `POST consumers/:id/<action>` with a reason (and the card number to link). */
const consumerAction = <const A extends ConsumerAction, B extends z.ZodType>(action: A, body: B) =>
  endpoint({
    id: `consumers.${action}`,
    method: 'POST',
    path: `consumers/:id/${action}`,
    tag: 'consumers',
    summary: `${action} (with a reason; 409 when the consumer's state forbids it or the version is stale)`,
    access: consumer('edit'),
    body,
    data: consumerDetail,
    errors: [409],
  });

/** cms Consumer: list (masked per role), detail, profile edit, the staff actions and the one-customer sub-lists. */
export const consumersApi = {
  list: endpoint({
    id: 'consumers.list',
    method: 'GET',
    path: 'consumers',
    tag: 'consumers',
    summary: 'List consumers (filters of section 3; phone and e-mail masked without the personal-data right)',
    access: consumer('view'),
    query: consumerListQuery,
    data: page(consumerRow),
  }),
  /** The tags a consumer may carry, for the profile form: a consumer editor need not hold Custom Consumer Tag. */
  tags: endpoint({
    id: 'consumer-tags.list',
    method: 'GET',
    path: 'consumer-tags',
    tag: 'consumers',
    summary: 'Active custom consumer tags, by name',
    access: consumer('view'),
    data: z.array(consumerTagRef),
  }),
  get: endpoint({ id: 'consumers.get', method: 'GET', path: 'consumers/:id', tag: 'consumers', summary: 'One consumer with tags', access: consumer('view'), data: consumerDetail }),
  update: endpoint({
    id: 'consumers.update',
    method: 'PUT',
    path: 'consumers/:id',
    tag: 'consumers',
    summary: 'Edit a consumer’s profile and tags (409 when the version is stale)',
    access: consumer('edit'),
    body: consumerUpdateBody,
    data: consumerDetail,
  }),
  /** The staff actions, one per `CONSUMER_ACTIONS` name. */
  actions: {
    lock: consumerAction('lock', consumerActionBody),
    unlock: consumerAction('unlock', consumerActionBody),
    withdraw: consumerAction('withdraw', consumerActionBody),
    unwithdraw: consumerAction('unwithdraw', consumerActionBody),
    'link-card': consumerAction('link-card', consumerLinkCardBody),
    'unlink-card': consumerAction('unlink-card', consumerActionBody),
    'resend-verification': consumerAction('resend-verification', consumerActionBody),
    'send-create-password': consumerAction('send-create-password', consumerActionBody),
  } satisfies Record<ConsumerAction, unknown>,
  ...addressesAndCoupons('consumers', 'consumers', CONSUMER_ENTRIES, 'consumer'),
  stamps: endpoint({
    id: 'consumers.stamps',
    method: 'GET',
    path: 'consumers/:id/stamps',
    tag: 'consumers',
    summary: 'Stamp history, newest first; direction=in (codes 10, 30) or out (20, 21, 31)',
    access: consumer('view'),
    query: stampHistoryQuery,
    data: page(stampLedgerRow),
  }),
  posSales: endpoint({
    id: 'consumers.pos-sales',
    method: 'GET',
    path: 'consumers/:id/pos-sales',
    tag: 'consumers',
    summary: 'Point-of-sale sales history, newest first',
    access: consumer('view'),
    query: consumerHistoryQuery,
    data: page(posSaleRow),
  }),
  activity: endpoint({
    id: 'consumers.activity',
    method: 'GET',
    path: 'consumers/:id/activity',
    tag: 'consumers',
    summary: 'The consumer’s activity log, newest first (staff actions included)',
    access: consumer('view'),
    query: consumerHistoryQuery,
    data: page(consumerActivityRow),
  }),
};

/** cms Member Management: the membership list (masked like consumers), detail, edit, and its consumer's addresses and coupons. */
export const membersApi = {
  list: endpoint({
    id: 'members.list',
    method: 'GET',
    path: 'members',
    tag: 'members',
    summary: 'List members (tier, checked, home store; phone and e-mail masked without the personal-data right)',
    access: member('view'),
    query: memberListQuery,
    data: page(memberRow),
  }),
  /** Home stores for the member form, under the member entry's own right (a member editor need not hold the store entries). */
  stores: endpoint({
    id: 'member-stores.list',
    method: 'GET',
    path: 'member-stores',
    tag: 'members',
    summary: 'Active stores to choose a home store from (search by code or name, 50 at most)',
    access: member('view'),
    query: memberStoreQuery,
    data: z.array(memberStoreOption),
  }),
  get: endpoint({ id: 'members.get', method: 'GET', path: 'members/:id', tag: 'members', summary: 'One member with is_check and employeeNo', access: member('view'), data: memberRow }),
  update: endpoint({
    id: 'members.update',
    method: 'PUT',
    path: 'members/:id',
    tag: 'members',
    summary: 'Edit a membership: tier, checked, employee number, home store (409 when stale)',
    access: member('edit'),
    body: memberUpdateBody,
    data: memberRow,
  }),
  ...addressesAndCoupons('members', 'members', MEMBER_ENTRIES, 'member'),
};

/** cms Associate Loyalty Program: list, create, detail and edit by employee number, history by associateId. */
export const associatesApi = {
  list: endpoint({
    id: 'associates.list',
    method: 'GET',
    path: 'associates',
    tag: 'associates',
    summary: 'List associates (status, store; search an employee number or a name)',
    access: associate('view'),
    query: associateListQuery,
    data: page(associateRow),
  }),
  create: endpoint({
    id: 'associates.create',
    method: 'POST',
    path: 'associates',
    tag: 'associates',
    summary: 'Add an associate (409 when the employee number is taken)',
    access: associate('create'),
    body: associateCreateBody,
    data: associateRow,
    errors: [409],
  }),
  history: endpoint({
    id: 'associates.history',
    method: 'GET',
    path: 'associates/history',
    tag: 'associates',
    summary: 'Staff-benefit history, newest first, of one associate (associateId) or of all',
    access: associate('view'),
    query: associateHistoryQuery,
    data: page(associateHistoryRow),
  }),
  get: endpoint({
    id: 'associates.get',
    method: 'GET',
    path: 'associates/:employeeNo',
    tag: 'associates',
    summary: 'One associate by employee number',
    access: associate('view'),
    params: employeeNoParam,
    data: associateRow,
  }),
  update: endpoint({
    id: 'associates.update',
    method: 'PUT',
    path: 'associates/:employeeNo',
    tag: 'associates',
    summary: 'Edit an associate by employee number (409 when the version is stale)',
    access: associate('edit'),
    params: employeeNoParam,
    body: associateUpdateBody,
    data: associateRow,
  }),
};

/** The exports of the consumer lists and of one consumer's histories (`consumer_id` names the consumer). */
export const consumerExportsApi = {
  consumers: exportEndpoint(consumersApi.list, CONSUMER_ENTRIES, 'consumers (masked without the personal-data right)'),
  stamps: exportEndpoint({ id: 'consumer-stamps.list', path: 'consumer-stamps', tag: 'consumers', query: stampExportQuery }, CONSUMER_ENTRIES, "a consumer's stamp history"),
  coupons: exportEndpoint({ id: 'consumer-coupons.list', path: 'consumer-coupons', tag: 'consumers', query: couponExportQuery }, CONSUMER_ENTRIES, "a consumer's coupon history"),
  members: exportEndpoint(membersApi.list, MEMBER_ENTRIES, 'members (masked without the personal-data right)'),
};

export const consumersDomainApi = { consumersApi, membersApi, associatesApi, consumerExportsApi, personalDataAccessApi };
