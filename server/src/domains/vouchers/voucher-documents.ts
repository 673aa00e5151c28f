import PDFDocument from 'pdfkit';
import type { VoucherDocument } from '@portal/contract';

/*
 * A voucher order's quotation or receipt drawn as an A4 PDF with pdfkit's standard Helvetica (nothing to embed). The
 * document's text is laid out once in the contract (`voucherDocument`); this file only places it on the page, the same
 * way the web's printable page does. Streams are left uncompressed: a document is a few kilobytes, and its text stays
 * readable to tests and to tools that search PDFs.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT = A4.width - 2 * MARGIN;
const GREEN = '#1a7a43';
const GREY = '#595959';
const LINE = '#d9d9d9';
const RED = '#cf1322';
/** Widths of the lines' columns: code, voucher, denomination, quantity, amount (the voucher's takes the rest). */
const COLUMN_WIDTHS = [78, 0, 100, 62, 100];
const FOOTER_SPACE = 40;

type Doc = InstanceType<typeof PDFDocument>;

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The chain on the left, the document's title on the right, a green rule below. */
function header(doc: Doc, d: VoucherDocument): void {
  const top = MARGIN;
  const right = 200;
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#000').text(d.issuer.name, MARGIN, top, { width: CONTENT - right - 16 });
  doc.font('Helvetica').fontSize(8.5).fillColor(GREY);
  for (const line of d.issuer.lines) doc.text(line, { width: CONTENT - right - 16 });
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(18).fillColor(GREEN).text(d.title, MARGIN + CONTENT - right, top, { width: right, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(GREY).text(d.subtitle, { width: right, align: 'right' });
  const y = Math.max(leftBottom, doc.y) + 8;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT, y).lineWidth(1.5).strokeColor(GREEN).stroke();
  doc.y = y + 12;
}

/** The client on the left, the document's number, date, order and payment on the right. */
function parties(doc: Doc, d: VoucherDocument): void {
  const top = doc.y;
  const metaX = MARGIN + CONTENT * 0.55;
  const clientWidth = CONTENT * 0.55 - 16;
  doc.font('Helvetica').fontSize(8.5).fillColor(GREY).text(d.client.heading, MARGIN, top, { width: clientWidth });
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000').text(d.client.name, { width: clientWidth });
  doc.font('Helvetica').fontSize(9).fillColor('#000');
  for (const line of d.client.lines) doc.text(line, { width: clientWidth });
  const clientBottom = doc.y;
  let y = top;
  const labelWidth = 110;
  for (const m of d.meta) {
    doc.font('Helvetica').fontSize(8.5).fillColor(GREY).text(m.label, metaX, y, { width: labelWidth });
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#000').text(m.value, metaX + labelWidth, y, { width: MARGIN + CONTENT - metaX - labelWidth });
    y = doc.y + 3;
  }
  doc.y = Math.max(clientBottom, y) + 14;
}

function columnXs(): { x: number; width: number }[] {
  const flexible = CONTENT - COLUMN_WIDTHS.reduce((a, b) => a + b, 0);
  let x = MARGIN;
  return COLUMN_WIDTHS.map((w) => {
    const width = w || flexible;
    const col = { x, width };
    x += width;
    return col;
  });
}

/** The lines' table with its header (repeated on a new page) and the total below. */
function lines(doc: Doc, d: VoucherDocument): void {
  const cols = columnXs();
  const pad = 5;
  const headerRow = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(8.5);
    const height = Math.max(...d.columns.map((c, i) => doc.heightOfString(c.label, { width: (cols[i]?.width ?? 0) - 2 * pad }))) + 2 * pad;
    doc.rect(MARGIN, y, CONTENT, height).fill('#f0f5f1');
    doc.fillColor('#000');
    d.columns.forEach((c, i) => {
      const col = cols[i];
      if (col) doc.text(c.label, col.x + pad, y + pad, { width: col.width - 2 * pad, align: c.align });
    });
    doc.y = y + height;
  };
  headerRow();
  doc.font('Helvetica').fontSize(9);
  for (const row of d.rows) {
    const height = Math.max(...row.map((cell, i) => doc.heightOfString(cell, { width: (cols[i]?.width ?? 0) - 2 * pad }))) + 2 * pad;
    if (doc.y + height > A4.height - MARGIN - FOOTER_SPACE) {
      doc.addPage();
      headerRow();
      doc.font('Helvetica').fontSize(9);
    }
    const y = doc.y;
    row.forEach((cell, i) => {
      const col = cols[i];
      if (col) doc.fillColor('#000').text(cell, col.x + pad, y + pad, { width: col.width - 2 * pad, align: d.columns[i]?.align ?? 'left' });
    });
    doc.moveTo(MARGIN, y + height).lineTo(MARGIN + CONTENT, y + height).lineWidth(0.5).strokeColor(LINE).stroke();
    doc.y = y + height;
  }
  const y = doc.y + 6;
  const amount = cols[4];
  const label = cols[3];
  if (amount && label) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#000');
    doc.text(d.total.label, MARGIN, y, { width: label.x + label.width - MARGIN - pad, align: 'right' });
    doc.text(d.total.value, amount.x + pad, y, { width: amount.width - 2 * pad, align: 'right' });
  }
  doc.y = y + 20;
  const wordsTop = doc.y;
  doc.font('Helvetica').fontSize(8.5).fillColor(GREY).text(d.words.label, MARGIN + 8, wordsTop + 6, { width: CONTENT - 16 });
  doc.font('Helvetica-Oblique').fontSize(10).fillColor('#000').text(d.words.value, { width: CONTENT - 16 });
  const wordsBottom = doc.y + 6;
  doc.rect(MARGIN, wordsTop, CONTENT, wordsBottom - wordsTop).lineWidth(0.75).strokeColor(LINE).stroke();
  doc.y = wordsBottom + 14;
}

function sections(doc: Doc, d: VoucherDocument): void {
  for (const s of d.sections) {
    const needed = 16 + s.lines.length * 13;
    if (doc.y + needed > A4.height - MARGIN - FOOTER_SPACE) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(GREEN).text(s.heading, MARGIN, doc.y, { width: CONTENT });
    doc.font('Helvetica').fontSize(9).fillColor('#000');
    for (const line of s.lines) doc.text(line, { width: CONTENT });
    doc.moveDown(0.8);
  }
}

/** Place and date, the company, room to sign, and the signer's role, on the right. */
function signature(doc: Doc, d: VoucherDocument): void {
  const width = 210;
  if (doc.y + 110 > A4.height - MARGIN - FOOTER_SPACE) doc.addPage();
  const x = MARGIN + CONTENT - width;
  const top = doc.y + 6;
  doc.font('Helvetica').fontSize(9).fillColor('#000').text(d.signature.placeDate, x, top, { width, align: 'center' });
  doc.font('Helvetica-Bold').text(d.signature.company, { width, align: 'center' });
  const lineY = doc.y + 48;
  doc.moveTo(x + 20, lineY).lineTo(x + width - 20, lineY).lineWidth(0.75).strokeColor(GREY).stroke();
  doc.font('Helvetica').fontSize(8.5).fillColor(GREY).text(d.signature.role, x, lineY + 4, { width, align: 'center' });
}

/** VOID across each page of a refused order's quotation, and its reason under the title. */
function voidStamp(doc: Doc, d: VoucherDocument): void {
  if (!d.void) return;
  doc.save();
  doc.rotate(-30, { origin: [A4.width / 2, A4.height / 2] });
  doc.font('Helvetica-Bold').fontSize(96).fillColor(RED).fillOpacity(0.18).text('VOID', 0, A4.height / 2 - 48, { width: A4.width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}

function footers(doc: Doc, d: VoucherDocument): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    voidStamp(doc, d);
    const y = A4.height - MARGIN - 10;
    doc.font('Helvetica').fontSize(7.5).fillColor(GREY);
    doc.text(d.footer, MARGIN, y, { width: CONTENT - 60, lineBreak: false });
    doc.text(`${i - range.start + 1} / ${range.count}`, MARGIN + CONTENT - 60, y, { width: 60, align: 'right', lineBreak: false });
  }
}

/** The document as a PDF, A4 portrait; `issuedAt` dates the file itself, so the same document gives the same bytes. */
export async function renderVoucherDocumentPdf(d: VoucherDocument, issuedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: false,
    bufferPages: true,
    info: { Title: `${d.subtitle} ${d.number}`, Author: d.issuer.name, Subject: d.footer, Creator: d.issuer.name, CreationDate: issuedAt, ModDate: issuedAt },
  });
  const done = collect(doc);
  header(doc, d);
  if (d.void) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(RED).text(d.void, MARGIN, doc.y, { width: CONTENT });
    doc.moveDown(0.6);
  }
  parties(doc, d);
  lines(doc, d);
  sections(doc, d);
  signature(doc, d);
  footers(doc, d);
  doc.end();
  return done;
}
