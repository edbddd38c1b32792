// PDF renderers (pdfkit): the pay stub of a pay period and the earnings statement of a payroll entry
// (the latter also for a manual submission, spec 001 §7 "Earnings-statement PDF at
// payroll-entries/{id}/manual-submission/"). Both are pure: the same input gives the same bytes
// (the document's dates come from the input, never from the clock). Text is English; amounts are
// dollars with 2 decimals. Helvetica (a standard PDF font) needs no font file.

import { pdfDocument } from '../../libraries';

export interface PdfLine {
  Caption: string;
  Rate: number | null;
  Units: number | null;
  Amount: number;
}

export interface PdfPiece {
  PieceNumber: number;
  PieceQty: number;
  PieceRate: number;
  Amount?: number;
}

/** What an earnings statement shows (a payroll entry, with its lines). */
export interface EarningsStatementInput {
  EmployeeName: string;
  EmployeeID: number;
  CorporationName: string;
  OfficeName: string;
  StartDate: string | Date;
  EndDate: string | Date;
  PayDate?: string | Date | null;
  Lines: readonly PdfLine[];
  CommissionPieces?: readonly PdfPiece[];
  GrossPay: number;
  NetPayAddition?: number;
  NetPayDeduction?: number;
  /** e.g. 'Manual submission #12' or the payroll's name. */
  Subtitle?: string | null;
  Comments?: string | null;
  /** Stamped as the document's creation date (default: none). */
  GeneratedAt?: Date | string | null;
}

/** What a pay stub shows (the wire PayStub fits). */
export interface PayStubInput extends EarningsStatementInput {
  PayPeriodID: number;
  WeekNumber: number;
  Version?: number;
  IsFinal?: boolean;
  RegularHours?: number;
  OvertimeHours?: number;
  DoubleTimeHours?: number;
  TotalHoursWorked?: number;
  CalculatedAt?: Date | string | null;
}

export interface PdfOptions {
  /** false: uncompressed content streams (tests read the text). */
  compress?: boolean;
}

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qty = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

export function formatMoney(amount: number): string {
  const text = money.format(Math.abs(amount));
  return amount < 0 ? `-$${text}` : `$${text}`;
}

function day(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

function instant(value: Date | string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const LEFT = 50;
const WIDTH = 512;
const COLS = { caption: LEFT, rate: LEFT + 250, units: LEFT + 340, amount: LEFT + 412 };

function row(doc: PDFKit.PDFDocument, cells: [string, string, string, string], bold = false): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  doc.text(cells[0], COLS.caption, y, { width: 240, lineBreak: false });
  doc.text(cells[1], COLS.rate, y, { width: 80, align: 'right', lineBreak: false });
  doc.text(cells[2], COLS.units, y, { width: 62, align: 'right', lineBreak: false });
  doc.text(cells[3], COLS.amount, y, { width: 100, align: 'right', lineBreak: false });
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

function render(
  doc: PDFKit.PDFDocument,
  title: string,
  input: EarningsStatementInput,
  facts: [string, string][],
): void {
  doc.font('Helvetica-Bold').fontSize(16).text(input.CorporationName, LEFT, 50);
  doc.font('Helvetica').fontSize(12).text(title);
  if (input.Subtitle) doc.fontSize(10).fillColor('#444444').text(input.Subtitle).fillColor('black');
  doc.moveDown(0.8);
  const all: [string, string][] = [
    ['Employee', `${input.EmployeeName} (#${input.EmployeeID})`],
    ['Office', input.OfficeName],
    ['Pay period', `${day(input.StartDate)} to ${day(input.EndDate)}`],
    ...(input.PayDate ? ([['Pay date', day(input.PayDate)]] as [string, string][]) : []),
    ...facts,
  ];
  for (const [label, value] of all) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(label, LEFT, y, { width: 110, lineBreak: false });
    doc.font('Helvetica').text(value, LEFT + 120, y, { width: WIDTH - 120 });
    doc.x = LEFT;
  }
  doc.moveDown(1);
  row(doc, ['Earnings', 'Rate', 'Units', 'Amount'], true);
  rule(doc);
  for (const line of input.Lines) {
    if (doc.y > 720) doc.addPage();
    row(doc, [
      line.Caption,
      line.Rate === null ? '' : formatMoney(line.Rate),
      line.Units === null ? '' : qty.format(line.Units),
      formatMoney(line.Amount),
    ]);
  }
  if (!input.Lines.length) row(doc, ['No earnings', '', '', formatMoney(0)]);
  rule(doc);
  row(doc, ['Gross pay', '', '', formatMoney(input.GrossPay)], true);
  if (input.NetPayAddition) row(doc, ['Net pay addition', '', '', formatMoney(input.NetPayAddition)]);
  if (input.NetPayDeduction)
    row(doc, ['Net pay deduction', '', '', formatMoney(-Math.abs(input.NetPayDeduction))]);
  const pieces = input.CommissionPieces ?? [];
  if (pieces.length) {
    doc.moveDown(1);
    row(doc, ['Commission pieces', 'Rate', 'Quantity', 'Amount'], true);
    rule(doc);
    for (const p of pieces) {
      if (doc.y > 720) doc.addPage();
      row(doc, [
        `Commission Piece #${p.PieceNumber}`,
        formatMoney(p.PieceRate),
        qty.format(p.PieceQty),
        formatMoney(p.Amount ?? Math.round(p.PieceQty * p.PieceRate * 100) / 100),
      ]);
    }
  }
  if (input.Comments) {
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(10).text('Comments', LEFT);
    doc.font('Helvetica').text(input.Comments, LEFT, doc.y, { width: WIDTH });
  }
}

async function newDoc(
  title: string,
  input: EarningsStatementInput,
  options: PdfOptions,
): Promise<PDFKit.PDFDocument> {
  const PDFDocument = await pdfDocument();
  const created = instant(input.GeneratedAt);
  return new PDFDocument({
    size: 'LETTER',
    margin: 50,
    compress: options.compress ?? true,
    info: {
      Title: `${title} - ${input.EmployeeName}`,
      Author: input.CorporationName,
      Producer: 'Apex',
      Creator: 'Apex',
      // pdfkit stamps "now" unless told: the input's instant (or a fixed epoch) keeps output stable.
      CreationDate: created ?? new Date(0),
    },
  });
}

/** The pay stub of one pay period (one page per stub; several stubs make several pages). */
export async function renderPayStubPdf(
  stubs: PayStubInput | readonly PayStubInput[],
  options: PdfOptions = {},
): Promise<Buffer> {
  const list = Array.isArray(stubs) ? (stubs as readonly PayStubInput[]) : [stubs as PayStubInput];
  if (!list.length) throw new RangeError('renderPayStubPdf: no stub');
  const first = list[0];
  const doc = await newDoc(
    'Pay stub',
    { ...first, GeneratedAt: first.GeneratedAt ?? first.CalculatedAt },
    options,
  );
  list.forEach((stub, i) => {
    if (i > 0) doc.addPage();
    const facts: [string, string][] = [['Pay week', String(stub.WeekNumber)]];
    if (stub.TotalHoursWorked !== undefined)
      facts.push([
        'Hours',
        `${qty.format(stub.TotalHoursWorked)} worked (regular ${qty.format(stub.RegularHours ?? 0)}, overtime ${qty.format(stub.OvertimeHours ?? 0)}, double time ${qty.format(stub.DoubleTimeHours ?? 0)})`,
      ]);
    if (stub.Version !== undefined)
      facts.push([
        'Version',
        `${stub.Version}${stub.IsFinal === false ? ' (payroll still in progress)' : ''}`,
      ]);
    render(doc, 'Pay stub', stub, facts);
  });
  return toBuffer(doc);
}

/** The earnings statement of a payroll entry (e.g. a manual submission's). */
export async function renderEarningsStatementPdf(
  entry: EarningsStatementInput,
  options: PdfOptions = {},
): Promise<Buffer> {
  const doc = await newDoc('Statement of earnings', entry, options);
  render(doc, 'Statement of earnings', entry, []);
  return toBuffer(doc);
}
