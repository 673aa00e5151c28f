import type { FastifyInstance } from 'fastify';
import { VOUCHER_DOCUMENT_KINDS, voucherDocument, voucherDocumentsApi } from '@portal/contract';
import { conflict, unprocessable } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/exports/export.routes.ts';
import { serve } from '../../platform/serve.ts';
import { renderVoucherDocumentPdf } from './voucher-documents.ts';
import type { VoucherOrderService } from './voucher-order.service.ts';
import type { DocumentIssuerSource } from './vouchers.deps.ts';

/**
 * A voucher order's quotation and receipt as PDFs (`voucher-orders/:id/quotation|receipt`), and the chain's details the
 * web's printable pages show them with. A document the workflow has not issued answers 409 saying when it will be; one
 * the chain's details are missing for, 422.
 */
export function registerVoucherDocumentRoutes(app: FastifyInstance, orders: VoucherOrderService, source: DocumentIssuerSource): void {
  for (const kind of VOUCHER_DOCUMENT_KINDS) {
    serve(app, voucherDocumentsApi[kind], async (req, reply) => {
      const [order, issuer] = await Promise.all([orders.get(req.params.id), source.issuer()]);
      const result = voucherDocument(kind, order, issuer);
      if (!result.ok) throw result.reason === 'incomplete' ? unprocessable(result.message) : conflict(result.message);
      const pdf = await renderVoucherDocumentPdf(result.document, new Date(result.document.issuedAt));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(result.document.fileName))
        .header('content-length', String(pdf.length))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
  }
  serve(app, voucherDocumentsApi.issuer, async () => ({ message: 'Success', data: await source.issuer() }));
}
