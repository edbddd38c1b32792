// The Rogers reports: what each is (title, description, filters), the list the caller may run
// (GET reports/rogers) and running one (GET reports/rogers/{ReportID}), as a table or an xlsx.

import type {
  ReportFilter,
  RogersReport,
  RogersReportId,
  RogersReportInfo,
  RogersReportQuery,
} from '../../../src/contract/rogers';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { excel } from '../../libraries';
import type { Actor } from '../access/service';
import { leadStatistics } from './leads-stats-service';
import { hybridPayout, livePayout, postedPayout, postedPayoutExceptions, type Table } from './payout-service';
import { READ, type RogersScope, rangeOf, rogersScope } from './scope';
import { employeeCommissionStatement } from './statement-service';

interface Def {
  Title: string;
  Description: string;
  Filters: ReportFilter[];
  Required: ReportFilter[];
}

const LEADS: ReportFilter[] = [
  'startDate',
  'endDate',
  'leadBatchID',
  'leadGroupID',
  'icdOfficeID',
  'employeeID',
  'userID',
];
const LEADS_TEXT =
  'Rogers lead groups of the corporations you see: leads, leads worked (an interaction in the dates), interactions, conversions (a converting status), conversion rate, and the Rogers orders made from those leads with their units.';

export const REPORTS: Record<RogersReportId, Def> = {
  'leads-total-statistics': {
    Title: 'Leads total statistics',
    Description: LEADS_TEXT,
    Filters: LEADS,
    Required: [],
  },
  'leads-office-statistics': {
    Title: 'Leads office statistics',
    Description: `${LEADS_TEXT} Per office: the office of the order, and each office of the person who interacted.`,
    Filters: LEADS,
    Required: [],
  },
  'leads-rep-statistics': {
    Title: 'Leads rep statistics',
    Description: `${LEADS_TEXT} Per rep: the person who interacted and the rep credited with the order.`,
    Filters: LEADS,
    Required: [],
  },
  'live-payout-report': {
    Title: 'Live payout',
    Description:
      "Payout expected for Rogers units installed in the dates and still installed that no posted payout covers yet (installed after the corporation's latest posted payout), per corporation and the payout policy in force on the install day, paid by its tiers.",
    Filters: ['startDate', 'endDate', 'icdCorporationID', 'icdOfficeID'],
    Required: [],
  },
  'posted-payout-report': {
    Title: 'Posted payout',
    Description:
      'Payouts posted for the Rogers division in the dates, with the amount the payout policy in force on the posted day expects, the difference and whether it is Positive, Negative or Neutral.',
    Filters: ['startDate', 'endDate', 'icdCorporationID'],
    Required: [],
  },
  'posted-payout-exceptions-report': {
    Title: 'Posted payout exceptions',
    Description:
      'Payouts posted on the day whose posted amount differs from the expected one: Positive (more posted than expected) or Negative (less).',
    Filters: ['PostedDate', 'IcdCorporationID'],
    Required: ['PostedDate'],
  },
  'hybrid-payout-report': {
    Title: 'Hybrid payout',
    Description:
      "Hybrid payout: each Rogers unit installed in the dates seen both ways at once — the payout policy amount owed for it (its share of the policy's tiers, counted in install order per corporation and policy) and the commission paid for it to the rep through payroll (pieces less chargebacks). Net is the payout less the commission.",
    Filters: ['startDate', 'endDate', 'icdCorporationID', 'icdOfficeID', 'employeeID'],
    Required: [],
  },
  'owner-hybrid-payout-report': {
    Title: 'Owner hybrid payout',
    Description:
      'The hybrid payout (payout policy amount and commission paid through payroll for the units installed in the dates, and their difference) per owner corporation and office.',
    Filters: ['startDate', 'endDate', 'icdCorporationID', 'icdOfficeID'],
    Required: [],
  },
  'employee-commission-statement': {
    Title: 'Employee commission statement',
    Description:
      'Per employee: each Rogers product order sold in the dates, its status, and every commission piece or chargeback written for it with the pay period and pay date that paid it (blank: not paid yet).',
    Filters: ['startDate', 'endDate', 'employeeID', 'icdOfficeID'],
    Required: [],
  },
};

export function reportList(actor: Actor): RogersReportInfo[] {
  if (!actor.has(READ)) return [];
  return (Object.keys(REPORTS) as RogersReportId[]).map((id) => ({
    ReportID: id,
    ...REPORTS[id],
    Url: `/reports/rogers/${id}`,
  }));
}

async function table(
  db: Db,
  scope: RogersScope,
  id: RogersReportId,
  q: RogersReportQuery,
  now: Date,
): Promise<Table> {
  for (const f of REPORTS[id].Required)
    if (q[f] === undefined) throw badRequest('The request is not valid.', { [f]: ['Enter a date'] });
  switch (id) {
    case 'leads-total-statistics':
      return leadStatistics({ db, scope, query: q, range: rangeOf(q, now), level: 'total' });
    case 'leads-office-statistics':
      return leadStatistics({ db, scope, query: q, range: rangeOf(q, now), level: 'office' });
    case 'leads-rep-statistics':
      return leadStatistics({ db, scope, query: q, range: rangeOf(q, now), level: 'rep' });
    case 'live-payout-report':
      return livePayout(db, scope, q, rangeOf(q, now));
    case 'posted-payout-report':
      return postedPayout(db, scope, q, rangeOf(q, now));
    case 'posted-payout-exceptions-report':
      return postedPayoutExceptions(db, scope, q);
    case 'hybrid-payout-report':
      return hybridPayout(db, scope, q, rangeOf(q, now), false);
    case 'owner-hybrid-payout-report':
      return hybridPayout(db, scope, q, rangeOf(q, now), true);
    case 'employee-commission-statement':
      return employeeCommissionStatement(db, scope, q, rangeOf(q, now));
  }
}

export async function runReport(p: {
  db: Db;
  actor: Actor;
  id: RogersReportId;
  query: RogersReportQuery;
  now: Date;
}): Promise<RogersReport> {
  const scope = await rogersScope(p.db, p.actor);
  const t = await table(p.db, scope, p.id, p.query, p.now);
  return { ReportID: p.id, Title: REPORTS[p.id].Title, Description: REPORTS[p.id].Description, ...t };
}

/** The report as an xlsx workbook: one sheet, a header row of the column keys, then the rows and totals. */
export async function reportWorkbook(report: RogersReport): Promise<Buffer> {
  const ExcelJS = await excel();
  const book = new ExcelJS.Workbook();
  book.creator = 'Apex';
  const sheet = book.addWorksheet(report.Title.slice(0, 31));
  sheet.addRow(report.Columns.map((c) => c.Key)).font = { bold: true };
  for (const r of report.Rows) sheet.addRow(report.Columns.map((c) => r[c.Key] ?? null));
  if (Object.keys(report.Totals).length && report.Rows.length > 1)
    sheet.addRow(report.Columns.map((c, i) => (i === 0 ? 'Total' : (report.Totals[c.Key] ?? null)))).font = {
      bold: true,
    };
  report.Columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = Math.max(12, c.Key.length + 2);
    if (c.Format === 'money') column.numFmt = '#,##0.00';
    if (c.Format === 'percent') column.numFmt = '0.0%';
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
