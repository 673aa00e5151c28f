import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, jakartaDay, type DocumentIssuer, type VoucherOrderDetail } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';

type Answer = { message: string; data: VoucherOrderDetail };
const ENTRY = 'cms.voucher-digital/order-voucher-management';

/**
 * The text a PDF drawn by pdfkit shows: its streams are uncompressed and each run of text is a TJ array of hex strings
 * (WinAnsi) and kerning numbers. One line per run.
 */
function pdfText(pdf: Buffer): string {
  const runs = [...pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)].map((m) =>
    [...(m[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1')).join(''),
  );
  return runs.join('\n');
}

/** A voucher order's quotation and receipt through HTTP: when each exists, what it holds, who may download it. */
describe('voucher order documents', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let maker: string;
  let checker: string;
  let viewer: string;
  let outsider: string;
  let partner: number;
  let ev50: number;
  let ev100: number;

  beforeAll(async () => {
    await createStaff(db(), 'doc.maker', [
      { entry: ENTRY, action: 'view' },
      { entry: ENTRY, action: 'create' },
      { entry: ENTRY, action: 'edit' },
    ]);
    await createStaff(db(), 'doc.checker', [
      { entry: ENTRY, action: 'view' },
      { entry: ENTRY, action: 'approve' },
    ]);
    await createStaff(db(), 'doc.viewer', [{ entry: ENTRY, action: 'view' }]);
    await createStaff(db(), 'doc.outsider', [{ entry: 'cms.voucher-digital/voucher-management', action: 'view' }]);
    maker = await h.tokenOf('doc.maker');
    checker = await h.tokenOf('doc.checker');
    viewer = await h.tokenOf('doc.viewer');
    outsider = await h.tokenOf('doc.outsider');
    const [p] = await queryRows<{ id: number }>(
      db(),
      sql`insert into partners (partner_code, name, npwp, address, email, phone, contact_name, contact_email, contact_phone, credit_limit)
        values ('DOCA', 'PT Dokumen Abadi Jaya', '013185264012000', 'Jl. Asia Afrika 8, Bandung', 'finance@dokumen.co.id', '0225550001', 'Sari Wulandari', 'sari@dokumen.co.id', '081298765432', 0)
        returning id`,
    );
    partner = Number(p?.id);
    const day = (d: number) => jakartaDay(new Date(h.clock.now().getTime() + d * 86_400_000));
    await db().execute(sql`insert into partner_periods (partner_id, agreement_no, starts_on, ends_on) values (${partner}, 'PKS/DOCA', ${day(-10)}::date, ${day(10)}::date)`);
    const products = await queryRows<{ id: number; voucher_code: string }>(db(), sql`select id, voucher_code from voucher_products`);
    const idOf = (code: string) => Number(products.find((v) => v.voucher_code === code)?.id);
    [ev50, ev100] = [idOf('EV50K'), idOf('EV100K')];
  });

  const placed = async () => {
    const res = await h.call('POST', '/api/v1/voucher-orders', {
      token: maker,
      body: { partner_id: partner, payment_method: 'transfer', items: [{ voucher_product_id: ev50, quantity: 3 }, { voucher_product_id: ev100, quantity: 12 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Answer>().data;
  };
  const moved = async (o: VoucherOrderDetail, path: string, token: string, body: Record<string, unknown> = {}) => {
    const res = await h.call('POST', `/api/v1/voucher-orders/${o.id}/${path}`, { token, body: { version: o.version, ...body } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Answer>().data;
  };
  const download = (o: { id: number }, kind: 'quotation' | 'receipt', token: string | null = viewer) =>
    h.call('GET', `/api/v1/voucher-orders/${o.id}/${kind}`, token ? { token } : {});
  const pdfOf = async (o: { id: number }, kind: 'quotation' | 'receipt') => {
    const res = await download(o, kind);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return { res, text: pdfText(res.rawPayload) };
  };

  it('issues the quotation when the PIC processes the order: before that 409 saying so; then a numbered A4 PDF with the chain, the client, the lines and the total', async () => {
    let o = await placed();
    const early = await download(o, 'quotation');
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe('The quotation is issued when the PIC processes the order; this order is Waiting for PIC');
    expect((await download(o, 'receipt')).statusCode).toBe(409);

    o = await moved(o, 'pic-process', maker);
    const quotationNo = String(o.quotation_no);
    const { res, text } = await pdfOf(o, 'quotation');
    expect(res.headers['content-disposition']).toContain(`filename="Quotation_${quotationNo.replaceAll('/', '-')}.pdf"`);
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    for (const expected of [
      'PENAWARAN HARGA',
      quotationNo,
      o.order_number,
      'PT Segar Pangan Sejahtera Tbk',
      'PT Dokumen Abadi Jaya',
      'NPWP 01.318.526.4-012.000',
      'Kontak / Contact: Sari Wulandari',
      'EV100K',
      'Rp 1.200.000',
      'Rp 1.350.000',
      'Satu juta tiga ratus lima puluh ribu rupiah',
      'No. Rekening / Account No.: 5270388811',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Dated by the Jakarta day of the PIC's processing; the quote stands 14 days (the demo's validity).
    const processedAt = h.clock.now();
    expect(text).toContain(`Tanggal / Date\n${formatDate(processedAt, 'id')}`);
    expect(text).toContain(`Penawaran berlaku 14 hari, sampai ${formatDate(new Date(processedAt.getTime() + 14 * 86_400_000), 'id')}`);
    expect(text).not.toContain('VOID');

    // Approval leaves the quotation as it was; the receipt still waits for the payment date check.
    o = await moved(o, 'pic-approve', checker);
    expect((await pdfOf(o, 'quotation')).text).toContain(quotationNo);
    const notYet = await download(o, 'receipt');
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json<{ message: string }>().message).toBe('The receipt is issued when the payment and its date are verified; this order is Waiting for Payment');

    o = await moved(o, 'payment-verify', maker, { payment_ref: 'BCA-TRF-7781', payment_amount: o.total_amount, payment_date: jakartaDay(h.clock.now()) });
    expect((await download(o, 'receipt')).statusCode).toBe(409);
    o = await moved(o, 'payment-date-verify', checker, { reason: 'Mutasi rekening sesuai' });
    const receipt = await pdfOf(o, 'receipt');
    expect(receipt.res.headers['content-disposition']).toContain(`filename="Receipt_${String(o.receipt_no).replaceAll('/', '-')}.pdf"`);
    for (const expected of ['KUITANSI', String(o.receipt_no), 'Telah terima dari / Received from: PT Dokumen Abadi Jaya', 'BCA-TRF-7781', 'Jumlah / Amount: Rp 1.350.000', 'Satu juta tiga ratus lima puluh ribu rupiah']) {
      expect(receipt.text, expected).toContain(expected);
    }
    expect(receipt.text).not.toContain('Rekening Pembayaran');
  });

  it('keeps the quotation of an order the PIC rejected, stamped void with the reason; an order rejected before processing has none', async () => {
    let o = await placed();
    o = await moved(o, 'pic-process', maker);
    o = await moved(o, 'pic-reject', checker, { reason: 'Klien membatalkan pesanan' });
    const { text } = await pdfOf(o, 'quotation');
    expect(text).toContain('BATAL / VOID: Ditolak PIC (Klien membatalkan pesanan)');
    expect(text).toContain(String(o.quotation_no));
    const receipt = await download(o, 'receipt');
    expect(receipt.statusCode).toBe(409);
    expect(receipt.json<{ message: string }>().message).toBe('This order is Rejected by PIC: no receipt was issued for it');

    const early = await moved(await placed(), 'pic-reject', checker, { reason: 'Kuota bulan ini habis' });
    expect((await download(early, 'quotation')).json<{ message: string }>().message).toBe('This order is Rejected by PIC: no quotation was issued for it');
  });

  it('refuses with 422 while the chain’s bank account is not set, and shows the chain’s details to whoever may view orders', async () => {
    const o = await moved(await placed(), 'pic-process', maker);
    const issuer = await h.call('GET', '/api/v1/voucher-orders/document-issuer', { token: viewer });
    expect(issuer.statusCode, issuer.body).toBe(200);
    expect(issuer.json<{ data: DocumentIssuer }>().data).toMatchObject({ company_name: 'PT Segar Pangan Sejahtera Tbk', bank_account_no: '5270388811', quotation_validity_days: 14 });
    // The viewer may not read the general setting itself.
    expect((await h.call('GET', '/api/v1/general-setting', { token: viewer })).statusCode).toBe(403);

    await db().execute(sql`update general_settings set bank_account_no = null where id = 1`);
    try {
      const res = await download(o, 'quotation');
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toBe('Fill in the chain’s account number for documents in General Setting first');
    } finally {
      await db().execute(sql`update general_settings set bank_account_no = '5270388811' where id = 1`);
    }
  });

  it('needs a session (401) and the view right on Order Voucher Management (403); an unknown order is 404', async () => {
    const o = await moved(await placed(), 'pic-process', maker);
    for (const kind of ['quotation', 'receipt'] as const) {
      expect((await download(o, kind, null)).statusCode).toBe(401);
      expect((await download(o, kind, outsider)).statusCode).toBe(403);
      expect((await download({ id: 999_999 }, kind)).statusCode).toBe(404);
    }
    expect((await h.call('GET', '/api/v1/voucher-orders/document-issuer')).statusCode).toBe(401);
    expect((await h.call('GET', '/api/v1/voucher-orders/document-issuer', { token: outsider })).statusCode).toBe(403);
    expect((await download({ id: 0 }, 'quotation')).statusCode).toBe(400);
  });
});
