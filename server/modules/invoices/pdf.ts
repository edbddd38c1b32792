// The PDF of a payroll invoice (pdfkit, beyond the spec: GET payroll-invoices/{id}/pdf). Pure: the
// same invoice gives the same bytes (the document's date is the invoice date, never the clock).
// Text is English; amounts are dollars with 2 decimals. Helvetica needs no font file.

import { PaymentMethod, type PayrollInvoice, PayrollInvoiceStatus } from '../../../src/contract/invoices';
import { pdfDocument } from '../../libraries';
import { formatMoney } from '../pay-stubs/pdf';

const LEFT = 50;
const WIDTH = 512;
const qty = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

const STATUS_TEXT: Record<number, string> = {
  [PayrollInvoiceStatus.NotPosted]: 'Not posted',
  [PayrollInvoiceStatus.Posted]: 'Posted',
};
const METHOD_TEXT: Record<number, string> = {
  [PaymentMethod.DrawFromLocalBankAccount]: 'Draw from local bank account',
  [PaymentMethod.OutOfSecurity]: 'Out of security',
};

function row(doc: PDFKit.PDFDocument, cells: [string, string, string, string], bold = false): void {
  if (doc.y > 720) doc.addPage();
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  doc.text(cells[0], LEFT, y, { width: 260, lineBreak: false });
  doc.text(cells[1], LEFT + 262, y, { width: 70, align: 'right', lineBreak: false });
  doc.text(cells[2], LEFT + 334, y, { width: 70, align: 'right', lineBreak: false });
  doc.text(cells[3], LEFT + 412, y, { width: 100, align: 'right', lineBreak: false });
  doc.x = LEFT;
  doc.y = y + 16;
}

function rule(doc: PDFKit.PDFDocument): void {
  doc
    .moveTo(LEFT, doc.y)
    .lineTo(LEFT + WIDTH, doc.y)
    .lineWidth(0.5)
    .strokeColor('#888888')
    .stroke();
  doc.y += 6;
}

export async function renderInvoicePdf(
  invoice: PayrollInvoice,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const PDFDocument = await pdfDocument();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    compress: options.compress ?? true,
    info: {
      Title: `Payroll invoice ${invoice.InvoiceNumber}`,
      Author: 'Apex',
      Producer: 'Apex',
      Creator: 'Apex',
      CreationDate: new Date(`${String(invoice.InvoiceDate).slice(0, 10)}T12:00:00Z`),
    },
  });
  doc.font('Helvetica-Bold').fontSize(16).text(`Payroll invoice ${invoice.InvoiceNumber}`, LEFT, 50);
  doc.font('Helvetica').fontSize(12).text(`${invoice.ClientName} (${invoice.Owner})`);
  doc.moveDown(0.8);
  const facts: [string, string][] = [
    ['Invoice date', String(invoice.InvoiceDate).slice(0, 10)],
    ['Pay period', `${String(invoice.StartDate).slice(0, 10)} to ${String(invoice.EndDate).slice(0, 10)}`],
    ['Pay date', String(invoice.PayDate).slice(0, 10)],
    ['Status', STATUS_TEXT[invoice.StatusID] ?? String(invoice.StatusID)],
    ['Payment method', METHOD_TEXT[invoice.PaymentMethodID] ?? String(invoice.PaymentMethodID)],
    ['Policy', invoice.PolicyName],
    ['Employees paid', String(invoice.EmployeeCount)],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(label, LEFT, y, { width: 110, lineBreak: false });
    doc.font('Helvetica').text(value, LEFT + 120, y, { width: WIDTH - 120 });
    doc.x = LEFT;
  }
  doc.moveDown(1);
  row(doc, ['Description', 'Quantity', 'Rate', 'Amount'], true);
  rule(doc);
  for (const l of invoice.Lines) {
    const rate =
      l.Rate === null ? '' : l.Kind === 'EmployeeFee' ? formatMoney(l.Rate) : `${qty.format(l.Rate)}%`;
    row(doc, [l.Description, l.Quantity === null ? '' : qty.format(l.Quantity), rate, formatMoney(l.Amount)]);
  }
  if (!invoice.Lines.length) row(doc, ['No lines', '', '', formatMoney(0)]);
  rule(doc);
  row(doc, ['Subtotal', '', '', formatMoney(invoice.Subtotal)], true);
  if (invoice.Adjustment !== 0) row(doc, ['Adjustment', '', '', formatMoney(invoice.Adjustment)]);
  row(doc, ['Total', '', '', formatMoney(invoice.Total)], true);
  const notes: [string, string | null][] = [
    ['Adjustment comments', invoice.AdjustmentComments],
    ['HJ comments', invoice.HJComments],
    ['Hub comments', invoice.HubComments],
    ['Owner comments', invoice.OwnerComments],
  ];
  for (const [label, text] of notes) {
    if (!text) continue;
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(10).text(label, LEFT);
    doc.font('Helvetica').text(text, LEFT, doc.y, { width: WIDTH });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
