import { z } from 'zod';
import { endpoint, entriesPermission, exportEndpoint, page } from '../common/endpoint.ts';
import { idParam } from '../common/list-query.ts';
import {
  TILL_REPORT_ENTRIES as E,
  alpDepartments,
  alpDetail,
  alpListQuery,
  alpRow,
  alpTotals,
  alpTotalsQuery,
  alpTransactionParams,
  freeGiftHandoverRow,
  freeGiftProgramme,
  freeGiftProgrammeQuery,
  freeGiftReportQuery,
  freeGiftReportTotals,
  freeGiftReportTotalsQuery,
  promoOptionsQuery,
  promoReportOption,
  promoReportQuery,
  promoReportRow,
  promoReportTotals,
  promoReportTotalsQuery,
} from './till-reports.schema.ts';

const TAG = 'pandora till reports';
const alpView = entriesPermission('report/alp-report', E.alp, 'view');
const promoView = entriesPermission('promo-report', E.promo, 'view');
const giftView = entriesPermission('free-gift-report', E.freeGift, 'view');

const alpList = endpoint({
  id: 'alp-report.list',
  method: 'GET',
  path: 'report/alp-report',
  tag: TAG,
  summary: 'The associates’ staff purchases of a period (default this month), newest first, each flagged within or over the month’s quota',
  access: alpView,
  query: alpListQuery,
  data: page(alpRow),
});

const promoList = endpoint({
  id: 'promo-report.list',
  method: 'GET',
  path: 'promo-report',
  tag: TAG,
  summary: 'Per promo (or promo and store, or promo and day) over a period: transactions, units, gross, discount and net, from the promo rollups; no sort_by, no search',
  access: promoView,
  query: promoReportQuery,
  data: page(promoReportRow),
});

const giftList = endpoint({
  id: 'free-gift-report.list',
  method: 'GET',
  path: 'free-gift-report',
  tag: TAG,
  summary: 'The free gifts handed over with the tills’ receipts in a period, newest first; the member’s phone masked without the personal-data right; no sort_by, no search',
  access: giftView,
  query: freeGiftReportQuery,
  data: page(freeGiftHandoverRow),
});

/** pandora's till reports: the ALP Report, the Promo Report and the Free Gift Report, each under its own menu entry. */
export const tillReportsApi = {
  alp: {
    list: alpList,
    totals: endpoint({ id: 'alp-report.totals', method: 'GET', path: 'report/alp-report/totals', tag: TAG, summary: 'The staff purchases’ totals over the filters', access: alpView, query: alpTotalsQuery, data: alpTotals }),
    departments: endpoint({ id: 'alp-report.departments', method: 'GET', path: 'report/alp-report/departments', tag: TAG, summary: 'The departments the associates’ records name', access: alpView, data: alpDepartments }),
    get: endpoint({
      id: 'alp-report.get',
      method: 'GET',
      path: 'report/alp-report/:transactionType/:id',
      tag: TAG,
      summary: 'One staff purchase with its receipt’s lines (any transaction type in the path finds it; the answer names its own)',
      access: alpView,
      params: alpTransactionParams,
      data: alpDetail,
    }),
    export: exportEndpoint(alpList, E.alp, 'the staff purchases of the period (Export Report ALP)'),
  },
  promo: {
    list: promoList,
    totals: endpoint({ id: 'promo-report.totals', method: 'GET', path: 'promo-report/totals', tag: TAG, summary: 'The promos’ totals over the filters', access: promoView, query: promoReportTotalsQuery, data: promoReportTotals }),
    options: endpoint({ id: 'promo-report.options', method: 'GET', path: 'promo-report/promo-options', tag: TAG, summary: 'Promos by code or name, for the filter', access: promoView, query: promoOptionsQuery, data: z.array(promoReportOption) }),
    export: exportEndpoint(promoList, E.promo, 'the promos of the period as the screen groups them (Export Promo Report - <YYYY-MM-DD>)'),
  },
  freeGift: {
    list: giftList,
    totals: endpoint({ id: 'free-gift-report.totals', method: 'GET', path: 'free-gift-report/totals', tag: TAG, summary: 'The hand-overs’ totals over the filters', access: giftView, query: freeGiftReportTotalsQuery, data: freeGiftReportTotals }),
    options: endpoint({ id: 'free-gift-report.options', method: 'GET', path: 'free-gift-report/programme-options', tag: TAG, summary: 'Free-gift programmes by code or name, for the filter', access: giftView, query: promoOptionsQuery, data: z.array(promoReportOption) }),
    programme: endpoint({
      id: 'free-gift-report.programme',
      method: 'GET',
      path: 'free-gift-report/:id',
      tag: TAG,
      summary: 'One free-gift programme over a period: its gifts, and its hand-overs in all, by store and by day',
      access: giftView,
      params: idParam,
      query: freeGiftProgrammeQuery,
      data: freeGiftProgramme,
    }),
    export: exportEndpoint(giftList, E.freeGift, 'the gifts handed over in the period (export_free_gift)'),
  },
};
