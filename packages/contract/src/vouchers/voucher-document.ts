import type { DocumentIssuer } from '../common/document-issuer.ts';
import { formatNpwp } from '../common/npwp.ts';
import { formatCount, formatDate, formatRupiah } from '../format/format.ts';
import { terbilangRupiah } from '../format/terbilang.ts';
import { VOUCHER_ORDER_FINAL, VOUCHER_ORDER_STATUS, VOUCHER_PAYMENT_METHOD, type VoucherOrderAction, type VoucherOrderStatus } from '../workflows/voucher-order.ts';
import type { VoucherOrderDetail } from './voucher-order.schema.ts';

/**
 * The two documents of a voucher order (decisions.md, "Quotation and receipt"): the quotation, issued when the PIC
 * processes the order, and the receipt, issued when the payment and its date are verified. Both are laid out here once,
 * as text already formatted (Indonesian first, English after a slash, dates in Jakarta, Rupiah with dot thousands):
 * the server draws it as a PDF, the web shows it as a printable page.
 */
export const VOUCHER_DOCUMENT_KINDS = ['quotation', 'receipt'] as const;
export type VoucherDocumentKind = (typeof VOUCHER_DOCUMENT_KINDS)[number];

interface KindSpec {
  title: string;
  subtitle: string;
  /** The file name's first word. */
  file: string;
  /** The move that issues it: its date is the document's date. */
  issuedBy: VoucherOrderAction;
  /** When it is issued, as the refusal says. */
  when: string;
  numberOf: (o: VoucherOrderDetail) => string | null;
}

export const VOUCHER_DOCUMENT: Record<VoucherDocumentKind, KindSpec> = {
  quotation: {
    title: 'PENAWARAN HARGA',
    subtitle: 'Quotation',
    file: 'Quotation',
    issuedBy: 'pic_process',
    when: 'when the PIC processes the order',
    numberOf: (o) => o.quotation_no,
  },
  receipt: {
    title: 'KUITANSI',
    subtitle: 'Receipt',
    file: 'Receipt',
    issuedBy: 'payment_date_verify',
    when: 'when the payment and its date are verified',
    numberOf: (o) => o.receipt_no,
  },
};

/** States in which a quotation, once issued, no longer stands: the order was refused and will not be paid. */
export const VOUCHER_QUOTATION_VOID: readonly VoucherOrderStatus[] = ['pic_rejected', 'payment_rejected'];

/** `Quotation_QUO-2026-11-000123.pdf`: the document's number with its slashes as dashes. */
export const voucherDocumentFileName = (kind: VoucherDocumentKind, number: string) => `${VOUCHER_DOCUMENT[kind].file}_${number.replaceAll('/', '-')}.pdf`;

export interface DocumentField {
  label: string;
  value: string;
}

/** A voucher order's quotation or receipt, every text formatted: what the PDF and the printable page lay out. */
export interface VoucherDocument {
  kind: VoucherDocumentKind;
  number: string;
  /** The moment the issuing move was made (ISO-8601). */
  issuedAt: string;
  fileName: string;
  title: string;
  subtitle: string;
  /** Set on a quotation of a refused order: the stamp and the reason. */
  void: string | null;
  /** The chain: its legal name, then address, NPWP, phone and e-mail. */
  issuer: { name: string; lines: string[] };
  /** Number, date, order number, payment method (and, on a quotation, how long it stands). */
  meta: DocumentField[];
  client: { heading: string; name: string; lines: string[] };
  columns: { label: string; align: 'left' | 'right' }[];
  rows: string[][];
  total: DocumentField;
  /** The total in Indonesian words. */
  words: DocumentField;
  /** On a quotation the account to transfer to and how; on a receipt the payment received. */
  sections: { heading: string; lines: string[] }[];
  /** Place and date above the signature, and the company that signs. */
  signature: { placeDate: string; company: string; role: string };
  footer: string;
}

export type VoucherDocumentResult =
  | { ok: true; document: VoucherDocument }
  /** `pending`: issued later in the workflow (409); `never`: the order closed without it (409); `incomplete`: the chain's details are missing (422). */
  | { ok: false; reason: 'pending' | 'never' | 'incomplete'; message: string };

/** The chain's details a document needs, with their names on the General Setting screen. */
const ISSUER_NEEDS: Record<VoucherDocumentKind, readonly [keyof DocumentIssuer, string][]> = {
  quotation: [
    ['company_name', 'legal name'],
    ['company_address', 'address'],
    ['bank_name', 'bank'],
    ['bank_account_no', 'account number'],
    ['bank_account_holder', 'account holder'],
  ],
  receipt: [
    ['company_name', 'legal name'],
    ['company_address', 'address'],
  ],
};

const text = (v: string | null | undefined) => (v ?? '').trim();
const day = (at: string | Date) => formatDate(at, 'id');
/** The city of an address for "Jakarta, <date>" above the signature: the part naming Jakarta or the one before the postcode. */
const cityOf = (address: string) => {
  const parts = address.split(',').map((p) => p.trim().replace(/\s*\d{5}$/, ''));
  return parts.find((p) => /jakarta/i.test(p)) ?? parts.at(-1) ?? '';
};

/** The moment a document was issued: its issuing move on the timeline (the last one, should it repeat). */
function issuedAt(order: VoucherOrderDetail, kind: VoucherDocumentKind): string {
  const action = VOUCHER_DOCUMENT[kind].issuedBy;
  return order.events.filter((e) => e.action === action).at(-1)?.at ?? order.updated_at;
}

/**
 * The quotation or receipt of `order` with the chain's details `issuer`, or why there is none yet: a quotation exists
 * once the order has a quotation number (processed by the PIC; on a refused order it stays, stamped void), a receipt
 * once it has a receipt number (payment date verified).
 */
export function voucherDocument(kind: VoucherDocumentKind, order: VoucherOrderDetail, issuer: DocumentIssuer): VoucherDocumentResult {
  const spec = VOUCHER_DOCUMENT[kind];
  const number = spec.numberOf(order);
  const status = VOUCHER_ORDER_STATUS.label(order.status);
  if (!number) {
    if (VOUCHER_ORDER_FINAL.includes(order.status)) {
      return { ok: false, reason: 'never', message: `This order is ${status}: no ${kind} was issued for it` };
    }
    return { ok: false, reason: 'pending', message: `The ${kind} is issued ${spec.when}; this order is ${status}` };
  }
  const missing = ISSUER_NEEDS[kind].filter(([key]) => !text(String(issuer[key] ?? ''))).map(([, label]) => label);
  if (missing.length) {
    return { ok: false, reason: 'incomplete', message: `Fill in the chain’s ${missing.join(', ')} for documents in General Setting first` };
  }
  const at = issuedAt(order, kind);
  const companyName = text(issuer.company_name);
  const p = order.partner;
  const meta: DocumentField[] = [
    { label: 'Nomor / Number', value: number },
    { label: 'Tanggal / Date', value: day(at) },
    { label: 'No. Pesanan / Order No.', value: order.order_number },
    { label: 'Pembayaran / Payment', value: VOUCHER_PAYMENT_METHOD.get(order.payment_method)?.labelId ?? order.payment_method },
  ];
  const sections: VoucherDocument['sections'] = [];
  let voidText: string | null = null;
  let words = order.total_amount;
  if (kind === 'quotation') {
    const days = issuer.quotation_validity_days;
    const until = day(new Date(new Date(at).getTime() + days * 86_400_000));
    meta.push({ label: 'Berlaku s.d. / Valid until', value: until });
    sections.push(
      {
        heading: 'Rekening Pembayaran / Payment Account',
        lines: [
          `Bank: ${text(issuer.bank_name)}`,
          `No. Rekening / Account No.: ${text(issuer.bank_account_no)}`,
          `Atas Nama / Account Holder: ${text(issuer.bank_account_holder)}`,
        ],
      },
      {
        heading: 'Cara Pembayaran / How to Pay',
        lines: [
          `1. Transfer ${formatRupiah(order.total_amount)} ke rekening di atas / Transfer the total to the account above.`,
          `2. Tulis ${order.order_number} pada berita transfer / Write the order number in the transfer remark.`,
          '3. Voucher dirilis setelah pembayaran diverifikasi / The vouchers are released once the payment is verified.',
          `Penawaran berlaku ${days} hari, sampai ${until} / This quotation stands for ${days} days, until ${until}.`,
        ],
      },
    );
    if (VOUCHER_QUOTATION_VOID.includes(order.status)) {
      voidText = `BATAL / VOID: ${VOUCHER_ORDER_STATUS.get(order.status)?.labelId ?? status}${order.reason ? ` (${order.reason})` : ''}`;
    }
  } else {
    words = order.payment_amount ?? order.total_amount;
    sections.push({
      heading: 'Pembayaran Diterima / Payment Received',
      lines: [
        `Telah terima dari / Received from: ${p.name}`,
        `Untuk / For: pembelian e-voucher pesanan ${order.order_number} / e-vouchers of order ${order.order_number}`,
        `Referensi Transfer / Transfer Reference: ${order.payment_ref ?? '-'}`,
        `Jumlah / Amount: ${formatRupiah(order.payment_amount)}`,
        `Tanggal Bayar / Payment Date: ${order.payment_date ? day(`${order.payment_date}T00:00:00+07:00`) : '-'}`,
      ],
    });
  }
  return {
    ok: true,
    document: {
      kind,
      number,
      issuedAt: at,
      fileName: voucherDocumentFileName(kind, number),
      title: spec.title,
      subtitle: spec.subtitle,
      void: voidText,
      issuer: {
        name: companyName,
        lines: [text(issuer.company_address), issuer.company_npwp ? `NPWP ${formatNpwp(issuer.company_npwp)}` : '', issuer.company_phone ? `Telp. ${issuer.company_phone}` : ''].filter(Boolean),
      },
      meta,
      client: {
        heading: kind === 'quotation' ? 'Kepada / To' : 'Diterima dari / Received from',
        name: p.name,
        lines: [
          p.npwp ? `NPWP ${formatNpwp(p.npwp)}` : '',
          p.address,
          `${p.phone} · ${p.email}`,
          `Kontak / Contact: ${p.contact_name} · ${p.contact_phone} · ${p.contact_email}`,
        ].filter(Boolean),
      },
      columns: [
        { label: 'Kode / Code', align: 'left' },
        { label: 'Voucher', align: 'left' },
        { label: 'Nominal / Denomination', align: 'right' },
        { label: 'Jumlah / Qty', align: 'right' },
        { label: 'Total / Amount', align: 'right' },
      ],
      rows: order.items.map((i) => [i.voucher_code, i.name, formatRupiah(i.denomination), formatCount(i.quantity), formatRupiah(i.amount)]),
      total: { label: 'Total', value: formatRupiah(order.total_amount) },
      words: { label: 'Terbilang / In words', value: terbilangRupiah(words) },
      sections,
      signature: { placeDate: `${cityOf(text(issuer.company_address))}, ${day(at)}`, company: companyName, role: 'Bagian Keuangan / Finance' },
      footer: `${spec.subtitle} ${number} · ${order.order_number} · ${companyName}`,
    },
  };
}
