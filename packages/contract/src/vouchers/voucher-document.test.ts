import { describe, expect, it } from 'vitest';
import type { DocumentIssuer } from '../common/document-issuer.ts';
import { voucherDocument, voucherDocumentFileName, type VoucherDocument } from './voucher-document.ts';
import type { VoucherOrderDetail } from './voucher-order.schema.ts';

const issuer: DocumentIssuer = {
  company_name: 'PT Segar Pangan Sejahtera Tbk',
  company_address: 'Jl. Letjen S. Parman Kav. 28, Slipi, Jakarta Barat 11480',
  company_npwp: '018765432073000',
  company_phone: '02153661234',
  bank_name: 'BCA',
  bank_account_no: '5270388811',
  bank_account_holder: 'PT Segar Pangan Sejahtera Tbk',
  quotation_validity_days: 14,
};

const event = (id: number, action: string, at: string) => ({ id, action, from_status: null, to_status: 'new' as const, actor_id: 1, actor_name: 'x', note: null, at });

const order = (over: Partial<VoucherOrderDetail> = {}): VoucherOrderDetail => ({
  id: 7,
  order_number: 'EVO-20261122-000007',
  partner_id: 3,
  partner_code: 'NKM',
  partner_name: 'PT Nusantara Karya Mandiri',
  status: 'pic_processing',
  payment_method: 'transfer',
  total_amount: 350_000,
  voucher_count: 5,
  released_count: 0,
  created_at: '2026-11-22T02:00:00.000Z',
  created_by_name: 'maker',
  updated_at: '2026-11-22T03:00:00.000Z',
  updated_by_name: 'maker',
  version: 2,
  note: null,
  payment_ref: null,
  payment_amount: null,
  payment_date: null,
  reason: null,
  quotation_no: 'QUO/2026/11/000012',
  receipt_no: null,
  released_at: null,
  partner: {
    name: 'PT Nusantara Karya Mandiri',
    npwp: '013185264012000',
    address: 'Jl. Gatot Subroto 5, Jakarta Selatan',
    email: 'finance@nkm.co.id',
    phone: '0215550001',
    contact_name: 'Rina',
    contact_email: 'rina@nkm.co.id',
    contact_phone: '081234567890',
  },
  items: [
    { voucher_product_id: 2, voucher_code: 'EV100K', name: 'E-Voucher 100 Ribu', denomination: 100_000, quantity: 2, release_amount: 2, amount: 200_000, validity_days: 365 },
    { voucher_product_id: 1, voucher_code: 'EV50K', name: 'E-Voucher 50 Ribu', denomination: 50_000, quantity: 3, release_amount: 3, amount: 150_000, validity_days: 365 },
  ],
  // 17:30 UTC is already the next day in Jakarta.
  events: [event(1, 'place', '2026-11-22T02:00:00.000Z'), event(2, 'pic_process', '2026-11-22T17:30:00.000Z')],
  ...over,
});

const issued = (r: ReturnType<typeof voucherDocument>): VoucherDocument => {
  if (!r.ok) throw new Error(r.message);
  return r.document;
};

describe('voucher order documents', () => {
  it('lays out the quotation: the chain, its number and Jakarta date, the client, the lines, the total in words, the account and validity', () => {
    const d = issued(voucherDocument('quotation', order(), issuer));
    expect(d.fileName).toBe('Quotation_QUO-2026-11-000012.pdf');
    expect(d.issuer).toEqual({
      name: 'PT Segar Pangan Sejahtera Tbk',
      lines: ['Jl. Letjen S. Parman Kav. 28, Slipi, Jakarta Barat 11480', 'NPWP 01.876.543.2-073.000', 'Telp. 02153661234'],
    });
    expect(Object.fromEntries(d.meta.map((m) => [m.label, m.value]))).toEqual({
      'Nomor / Number': 'QUO/2026/11/000012',
      'Tanggal / Date': '23/Nov/2026',
      'No. Pesanan / Order No.': 'EVO-20261122-000007',
      'Pembayaran / Payment': 'Transfer Bank',
      'Berlaku s.d. / Valid until': '07/Des/2026',
    });
    expect(d.client.name).toBe('PT Nusantara Karya Mandiri');
    expect(d.client.lines).toContain('NPWP 01.318.526.4-012.000');
    expect(d.rows).toEqual([
      ['EV100K', 'E-Voucher 100 Ribu', 'Rp 100.000', '2', 'Rp 200.000'],
      ['EV50K', 'E-Voucher 50 Ribu', 'Rp 50.000', '3', 'Rp 150.000'],
    ]);
    expect(d.total.value).toBe('Rp 350.000');
    expect(d.words.value).toBe('Tiga ratus lima puluh ribu rupiah');
    expect(d.sections.flatMap((s) => s.lines)).toEqual(
      expect.arrayContaining(['No. Rekening / Account No.: 5270388811', expect.stringContaining('Tulis EVO-20261122-000007 pada berita transfer')]),
    );
    expect(d.void).toBeNull();
    expect(d.signature.placeDate).toBe('Jakarta Barat, 23/Nov/2026');
  });

  it('stamps the quotation of a refused order void with its reason, and keeps it', () => {
    const d = issued(voucherDocument('quotation', order({ status: 'pic_rejected', reason: 'Kuota habis' }), issuer));
    expect(d.void).toBe('BATAL / VOID: Ditolak PIC (Kuota habis)');
    expect(issued(voucherDocument('quotation', order({ status: 'payment_rejected' }), issuer)).void).toBe('BATAL / VOID: Pembayaran Ditolak');
    expect(issued(voucherDocument('quotation', order({ status: 'done' }), issuer)).void).toBeNull();
  });

  it('lays out the receipt with the payment received, dated by the payment date check', () => {
    const paid = order({
      status: 'on_release_process',
      receipt_no: 'KWT/2026/11/000004',
      payment_ref: 'BCA-TRF-0091',
      payment_amount: 350_000,
      payment_date: '2026-11-24',
      events: [event(1, 'pic_process', '2026-11-22T03:00:00.000Z'), event(2, 'payment_date_verify', '2026-11-25T04:00:00.000Z')],
    });
    const d = issued(voucherDocument('receipt', paid, issuer));
    expect(d.fileName).toBe('Receipt_KWT-2026-11-000004.pdf');
    expect(d.title).toBe('KUITANSI');
    expect(d.meta.find((m) => m.label.startsWith('Tanggal'))?.value).toBe('25/Nov/2026');
    expect(d.sections[0]?.lines).toEqual([
      'Telah terima dari / Received from: PT Nusantara Karya Mandiri',
      'Untuk / For: pembelian e-voucher pesanan EVO-20261122-000007 / e-vouchers of order EVO-20261122-000007',
      'Referensi Transfer / Transfer Reference: BCA-TRF-0091',
      'Jumlah / Amount: Rp 350.000',
      'Tanggal Bayar / Payment Date: 24/Nov/2026',
    ]);
    expect(d.meta.some((m) => m.label.startsWith('Berlaku'))).toBe(false);
  });

  it('says when a document is issued, that a closed order never gets it, and what the chain still has to fill in', () => {
    expect(voucherDocument('quotation', order({ status: 'new', quotation_no: null }), issuer)).toEqual({
      ok: false,
      reason: 'pending',
      message: 'The quotation is issued when the PIC processes the order; this order is Waiting for PIC',
    });
    expect(voucherDocument('receipt', order({ status: 'waiting_for_payment' }), issuer)).toMatchObject({
      reason: 'pending',
      message: 'The receipt is issued when the payment and its date are verified; this order is Waiting for Payment',
    });
    expect(voucherDocument('receipt', order({ status: 'payment_rejected' }), issuer)).toMatchObject({ reason: 'never', message: 'This order is Payment Rejected: no receipt was issued for it' });
    expect(voucherDocument('quotation', order(), { ...issuer, bank_account_no: null, company_name: ' ' })).toMatchObject({
      reason: 'incomplete',
      message: 'Fill in the chain’s legal name, account number for documents in General Setting first',
    });
  });

  it('names the file by the number with dashes for slashes', () => {
    expect(voucherDocumentFileName('receipt', 'KWT/2027/01/000100')).toBe('Receipt_KWT-2027-01-000100.pdf');
  });
});
