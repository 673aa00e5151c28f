import { enumTable } from './enum-table.ts';

/**
 * Digital product (top-up and bills) transaction statuses (spec section 4, "Digital product transaction status"). The
 * spec gives codes and texts; the colours follow the order table's rule: waiting orange, in progress blue, ended badly
 * red, done green (decisions.md, "Top-up and bills").
 */
export const TOP_UP_WAITING_PAYMENT = 100;
export const TOP_UP_PAYMENT_EXPIRED = 110;
export const TOP_UP_PAYMENT_FAILED = 111;
export const TOP_UP_PAID = 200;
export const TOP_UP_IN_PROCESS = 250;
export const TOP_UP_PENDING_OPERATOR = 251;
export const TOP_UP_ON_HOLD = 252;
export const TOP_UP_FAILED = 451;
export const TOP_UP_FAILED_BY_SYSTEM = 452;
export const TOP_UP_CANCELLED = 453;
export const TOP_UP_SUCCESS = 400;

export const TOP_UP_STATUS = enumTable([
  { value: TOP_UP_WAITING_PAYMENT, label: 'Waiting for Payment', labelId: 'Menunggu Pembayaran', color: 'orange' },
  { value: TOP_UP_PAYMENT_EXPIRED, label: 'Payment Expired', labelId: 'Pembayaran Kedaluwarsa', color: 'red' },
  { value: TOP_UP_PAYMENT_FAILED, label: 'Payment Failed', labelId: 'Pembayaran Gagal', color: 'red' },
  { value: TOP_UP_PAID, label: 'Payment successful', labelId: 'Pembayaran Berhasil', color: 'green' },
  { value: TOP_UP_IN_PROCESS, label: 'Transaction is in Process', labelId: 'Transaksi Sedang Diproses', color: 'blue' },
  { value: TOP_UP_PENDING_OPERATOR, label: 'Pending Operator Confirmation', labelId: 'Menunggu Konfirmasi Operator', color: 'orange' },
  { value: TOP_UP_ON_HOLD, label: 'On-Hold', labelId: 'Ditahan', color: 'gold' },
  { value: TOP_UP_FAILED, label: 'Transaction Failed', labelId: 'Transaksi Gagal', color: 'red' },
  { value: TOP_UP_FAILED_BY_SYSTEM, label: 'Transaction Failed by System', labelId: 'Transaksi Gagal oleh Sistem', color: 'red' },
  { value: TOP_UP_CANCELLED, label: 'Transaction Canceled', labelId: 'Transaksi Dibatalkan', color: 'red' },
  { value: TOP_UP_SUCCESS, label: 'Transaction successful', labelId: 'Transaksi Berhasil', color: 'green' },
] as const);
export type TopUpStatusCode = (typeof TOP_UP_STATUS.values)[number];

/** Mobile operators of spec section 3, in the spec's order. */
export const MOBILE_OPERATOR = enumTable([
  { value: 1, label: 'Indosat' },
  { value: 2, label: 'Smartfren' },
  { value: 3, label: 'Telkomsel' },
  { value: 4, label: 'Three' },
  { value: 5, label: 'Tri Happy' },
  { value: 6, label: 'XL/Axis' },
  { value: 7, label: 'XL' },
  { value: 8, label: 'Axis' },
] as const);
export type MobileOperatorCode = (typeof MOBILE_OPERATOR.values)[number];

/** The network a number's prefix belongs to, as products name them (Three numbers buy Three and Tri Happy products). */
type Network = 'indosat' | 'smartfren' | 'telkomsel' | 'three' | 'xl' | 'axis';
const NETWORK_OF_OPERATOR: Record<MobileOperatorCode, readonly Network[]> = {
  1: ['indosat'],
  2: ['smartfren'],
  3: ['telkomsel'],
  4: ['three'],
  5: ['three'],
  6: ['xl', 'axis'],
  7: ['xl'],
  8: ['axis'],
};
const PREFIXES: Record<Network, readonly string[]> = {
  telkomsel: ['0811', '0812', '0813', '0821', '0822', '0823', '0851', '0852', '0853'],
  indosat: ['0814', '0815', '0816', '0855', '0856', '0857', '0858'],
  xl: ['0817', '0818', '0819', '0859', '0877', '0878'],
  axis: ['0831', '0832', '0833', '0838'],
  three: ['0895', '0896', '0897', '0898', '0899'],
  smartfren: ['0881', '0882', '0883', '0884', '0885', '0886', '0887', '0888', '0889'],
};

/** An Indonesian mobile number (08…, 628… or +628…) written as the operators do: 08 and 8 to 11 more digits. */
export const INDONESIAN_MOBILE = /^(?:\+62|62|0)8[1-9][0-9]{6,10}$/;
export const normalisePhone = (phone: string): string => phone.trim().replace(/^(\+62|62)/, '0');

/** The network of a mobile number by its prefix, or null when no operator of the list owns it. */
export function networkOfPhone(phone: string): Network | null {
  const p = normalisePhone(phone).slice(0, 4);
  for (const [network, prefixes] of Object.entries(PREFIXES) as [Network, readonly string[]][]) if (prefixes.includes(p)) return network;
  return null;
}

/** Whether a product of `operator` can fill `phone` (a Telkomsel product, a Telkomsel number). */
export const operatorServes = (operator: number, phone: string): boolean => {
  const network = networkOfPhone(phone);
  return network !== null && (NETWORK_OF_OPERATOR[operator as MobileOperatorCode] ?? []).includes(network);
};
